import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** The screen's heading (one h1 per screen), with optional actions on the right. */
export function PageTitle({ children, extra }: { children: ReactNode; extra?: ReactNode }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, marginBottom: 16 }}>
      <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
        {children}
      </Typography.Title>
      {extra}
    </div>
  );
}
