import { Descriptions } from 'antd';
import type { ReactNode } from 'react';

/** The facts a reviewer decides on, as the approve and reject dialogs show them: one labelled line each. */
export function ReviewFacts({ facts }: { facts: ReadonlyArray<readonly [label: string, value: ReactNode]> }) {
  return (
    <Descriptions column={1} size="small" style={{ marginBottom: 12 }}>
      {facts.map(([label, value]) => (
        <Descriptions.Item key={label} label={label}>
          {value}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
