import { LANDING_MSG } from '@h5/contract/landing-messages';
import { copyText } from '../../shared/clipboard/copy-text';
import { showToast } from '../../shared/ui/feedback';

/** A small 复制 button; names itself 复制{label} for screen readers and tests; docs/member-app.md "Messages and errors" toast 复制成功！. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  return (
    <button
      type="button"
      className="copy-button"
      aria-label={`复制${label}`}
      onClick={() => {
        void copyText(text).then((copied) => {
          // Where neither way works the text stays selectable on the page; no success is claimed.
          if (copied) showToast({ content: LANDING_MSG.copied });
        });
      }}
    >
      复制
    </button>
  );
}
