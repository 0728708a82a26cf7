import { Table, type TableProps } from 'antd';
import { emptyLocale } from './empty';

/** A short list shown whole (no pages) in the small size; `empty` is what it says when there are no rows. */
export function ShortTable<T extends object>({ empty, ...props }: TableProps<T> & { empty: string }) {
  return <Table<T> size="small" pagination={false} locale={emptyLocale(empty)} {...props} />;
}
