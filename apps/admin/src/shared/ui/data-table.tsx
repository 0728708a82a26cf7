import { Table, type TableProps } from 'antd';
import { useEffect, useRef } from 'react';
import './fit-table.css';

/**
 * An antd Table whose horizontal scroll area (wide queues on a tablet) can be reached and scrolled with the
 * keyboard: antd renders it as a plain div, so it gets a tab stop and a name here (WCAG 2.1.1). Its long values wrap
 * inside their column (fit-table.css).
 */
export function DataTable<T extends object>({ label, className, ...props }: TableProps<T> & { label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const area of box.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body') ?? []) {
      area.tabIndex = 0;
      area.setAttribute('role', 'region');
      area.setAttribute('aria-label', label);
    }
  });
  return (
    <div ref={box}>
      <Table<T> className={className ? `console-table ${className}` : 'console-table'} {...props} />
    </div>
  );
}
