import { Descriptions, Drawer } from 'antd';
import type { ReactNode } from 'react';

export type DetailFacts = ReadonlyArray<readonly [label: string, value: ReactNode]>;

/**
 * A row's whole record beside its queue: what the table leaves out to fit the screen (full numbers, times, notes),
 * one labelled line each, with `children` below (the row's own actions or records).
 */
export function DetailDrawer({
  title,
  facts,
  onClose,
  children,
}: {
  title: string;
  /** null: closed. */
  facts: DetailFacts | null;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <Drawer title={title} open={facts !== null} onClose={onClose} size={520} destroyOnHidden>
      {facts ? (
        <Descriptions column={1} size="small" bordered styles={{ label: { width: 120 } }}>
          {facts.map(([label, value]) => (
            <Descriptions.Item key={label} label={label}>
              {value}
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : null}
      {children}
    </Drawer>
  );
}
