import type { ReactNode } from 'react';
import './desk.css';

/** A desk's list column: one button per row, the open one marked (desk.css). */
export function DeskList<Row extends { id: number }>({
  label,
  rows,
  selected,
  onSelect,
  children,
}: {
  label: string;
  rows: Row[];
  selected: number | null;
  onSelect: (id: number) => void;
  children: (row: Row) => ReactNode;
}) {
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
