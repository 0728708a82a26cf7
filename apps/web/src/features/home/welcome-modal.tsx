import { Dialog } from 'antd-mobile';
import { useState } from 'react';
import { SafeHtml } from '../../shared/ui/safe-html';
import { dialogName } from '../../shared/ui/dialogs';

export const WELCOME_SEEN_KEY = 'h5-welcome-seen';

/** SPEC 2: the welcome modal (index_modal 1) with the operator's webcontent, sanitised; once per session. */
export default function WelcomeModal({ html, title }: { html: string; title: string }) {
  const [visible, setVisible] = useState(() => sessionStorage.getItem(WELCOME_SEEN_KEY) !== '1');
  const close = () => {
    sessionStorage.setItem(WELCOME_SEEN_KEY, '1');
    setVisible(false);
  };
  return (
    // antd-mobile's Dialog rather than its Modal: the Modal's box has no dialog role at all.
    <Dialog
      {...dialogName(title)}
      visible={visible}
      title={title}
      content={<SafeHtml html={html} className="welcome-content rich-text" />}
      closeOnAction
      onClose={close}
      actions={[{ key: 'ok', text: '我知道了', bold: true }]}
    />
  );
}
