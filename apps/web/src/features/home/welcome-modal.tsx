import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { SafeHtml } from '../../shared/ui/safe-html';
import './welcome-modal.css';

export const WELCOME_SEEN_KEY = 'h5-welcome-seen';

/**
 * docs/member-app.md "Screens and routes": the welcome modal (index_modal 1) with the operator's webcontent (cleaned by the server when stored); once
 * per session. A dialog of our own: it opens on most first visits, and antd-mobile's Dialog would bring its
 * animation library with it (bench/page-weight.ts).
 */
export default function WelcomeModal({ html, title }: { html: string; title: string }) {
  const [visible, setVisible] = useState(() => sessionStorage.getItem(WELCOME_SEEN_KEY) !== '1');
  const okRef = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => {
    sessionStorage.setItem(WELCOME_SEEN_KEY, '1');
    setVisible(false);
  }, []);

  useEffect(() => {
    if (!visible) return;
    okRef.current?.focus();
    // The page behind is out of reach (focus, screen readers) while the dialog is open.
    const app = document.getElementById('root');
    app?.setAttribute('inert', '');
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      app?.removeAttribute('inert');
      document.removeEventListener('keydown', onKey);
    };
  }, [visible, close]);

  if (!visible) return null;
  return createPortal(
    <div className="welcome-mask">
      <div className="welcome-dialog" role="dialog" aria-modal="true" aria-labelledby="welcome-title">
        <h2 id="welcome-title" className="welcome-title">
          {title}
        </h2>
        <SafeHtml html={html} className="welcome-content rich-text" />
        <button ref={okRef} type="button" className="welcome-ok" onClick={close}>
          我知道了
        </button>
      </div>
    </div>,
    document.body,
  );
}
