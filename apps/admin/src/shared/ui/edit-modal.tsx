import { Modal } from 'antd';
import type { ReactNode } from 'react';

/**
 * The dialog of an edit form: 取消 and the save button, a spinner while saving, and no closing by a click beside it
 * (a half-filled form is not lost by a stray click).
 */
export function EditModal({
  title,
  okText,
  saving,
  onSave,
  onClose,
  width,
  children,
}: {
  title: ReactNode;
  okText: string;
  saving: boolean;
  onSave: () => void;
  onClose: () => void;
  width: number;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText="取消"
      confirmLoading={saving}
      onOk={onSave}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      width={width}
    >
      {children}
    </Modal>
  );
}
