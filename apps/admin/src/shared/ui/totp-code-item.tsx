import { Form } from 'antd';
import type { ReactNode } from 'react';

/** The 动态验证码 field of sign-in and of enrolling two-step sign-in: required, six digits. */
export function TotpCodeItem({ children }: { children: ReactNode }) {
  return (
    <Form.Item
      name="code"
      label="动态验证码"
      rules={[
        { required: true, message: '请输入动态验证码' },
        { pattern: /^\d{6}$/, message: '动态验证码为 6 位数字' },
      ]}
    >
      {children}
    </Form.Item>
  );
}
