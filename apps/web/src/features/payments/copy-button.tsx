import { MSG } from '@h5/contract/messages';
import { Toast } from 'antd-mobile';
import { copyText } from '../../shared/clipboard/copy-text';

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
          if (copied) Toast.show({ content: MSG.copied });
        });
      }}
    >
      复制
    </button>
  );
}
