import type { TableProps } from 'antd';
import { DataTable } from './data-table';

/**
 * A list page's table as the console draws it: rows keyed by their id, the middle size, and a horizontal scroll
 * wider than `width` pixels of columns (a tablet scrolls the queue rather than squeezing it).
 */
export function ListTable<T extends object>({ width, ...props }: TableProps<T> & { label: string; width?: number }) {
  return <DataTable<T> rowKey="id" size="middle" scroll={width ? { x: width } : undefined} {...props} />;
}
