import { Empty, Typography } from 'antd';
import type { ReactNode } from 'react';
import './desk.css';

/**
 * A desk's three columns: the list, the item picked from it and the member beside it. Until an item is picked the
 * last two say what to pick, naming it (`noun`: 会话, 工单).
 */
export function DeskColumns({
  className,
  noun,
  listLabel,
  list,
  mainLabel,
  selected,
  main,
  member,
}: {
  className: string;
  noun: string;
  listLabel: string;
  list: ReactNode;
  mainLabel: string;
  selected: number | null;
  main: (id: number) => ReactNode;
  member: (id: number) => ReactNode;
}) {
  return (
    <div className={`desk ${className}`}>
      <section className="desk-column" aria-label={listLabel}>
        {list}
      </section>
      <section className="desk-column" aria-label={mainLabel}>
        {selected === null ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`从左侧选择一个${noun}`} />
        ) : (
          main(selected)
        )}
      </section>
      <section className="desk-column" aria-label="会员资料">
        <Typography.Title level={2} style={{ fontSize: 16, marginTop: 0 }}>
          会员资料
        </Typography.Title>
        {selected === null ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`选择${noun}后显示会员资料`} />
        ) : (
          member(selected)
        )}
      </section>
    </div>
  );
}

/** A desk's rows, the one open (null when none) and what picks one. */
export interface DeskRows<Row> {
  rows: Row[];
  selected: number | null;
  onSelect: (id: number) => void;
}

/** A desk's list column: one button per row, the open one marked (desk.css); 暂无 and its label when there is none. */
export function DeskList<Row extends { id: number }>({
  label,
  rows,
  selected,
  onSelect,
  children,
}: DeskRows<Row> & { label: string; children: (row: Row) => ReactNode }) {
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${label}`} />;
  return (
    <ul className="desk-list" aria-label={label}>
      {rows.map((row) => (
        <li key={row.id}>
          <button
            type="button"
            className={`desk-item${row.id === selected ? ' is-selected' : ''}`}
            aria-current={row.id === selected ? 'true' : undefined}
            onClick={() => onSelect(row.id)}
          >
            {children(row)}
          </button>
        </li>
      ))}
    </ul>
  );
}
