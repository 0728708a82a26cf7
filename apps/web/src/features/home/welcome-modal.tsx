import { Modal } from 'antd-mobile';
import { useState } from 'react';
import { SafeHtml } from '../../shared/ui/safe-html';

export const WELCOME_SEEN_KEY = 'h5-welcome-seen';

/** SPEC 2: the welcome modal (index_modal 1) with the operator's webcontent, sanitised; once per session. */
export default function WelcomeModal({ html, title }: { html: string; title: string }) {
  const [visible, setVisible] = useState(() => sessionStorage.getItem(WELCOME_SEEN_KEY) !== '1');
  const close = () => {
    sessionStorage.setItem(WELCOME_SEEN_KEY, '1');
    setVisible(false);
  };
  return (
    <Modal
      visible={visible}
      title={title}
      content={<SafeHtml html={html} className="welcome-content rich-text" />}
      closeOnAction
      onClose={close}
      actions={[{ key: 'ok', text: '我知道了', primary: true }]}
    />
  );
}
