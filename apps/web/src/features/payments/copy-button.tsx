import { MSG } from '@h5/contract/messages';
import { Toast } from 'antd-mobile';

/** Copies text: the Clipboard API where the page is a secure context, else a hidden textarea (plain-HTTP hosts). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused: the textarea way below may still work.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}

/** A small 复制 button; names itself 复制{label} for screen readers and tests; SPEC 8 toast 复制成功！. */
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
