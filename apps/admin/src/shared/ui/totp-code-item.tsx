import { Form } from 'antd';
import type { ReactNode } from 'react';

/**
 * The 动态验证码 field: six digits. Required when enrolling two-step sign-in; optional at sign-in (`optional`), where
 * it is always shown, since the server never tells whether an account has two factors (docs/operators.md "Operators and the
 * back-office API").
 */
export function TotpCodeItem({
  children,
  optional = false,
  extra,
}: {
  children: ReactNode;
  optional?: boolean;
  extra?: ReactNode;
}) {
  return (
    <Form.Item
      name="code"
      label="动态验证码"
      extra={extra}
      rules={[
        ...(optional ? [] : [{ required: true, message: '请输入动态验证码' }]),
        { pattern: /^\d{6}$/, message: '动态验证码为 6 位数字' },
      ]}
    >
      {children}
    </Form.Item>
  );
}
