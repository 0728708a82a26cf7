import type { TableColumnType } from 'antd';
import { Link } from 'react-router';

/** The member of a row, linked to the member's page; the id stands in where the answer carries no username. */
export function memberColumn<Row extends { member_id: number; username?: string | null }>(
  title = '会员',
): TableColumnType<Row> {
  return {
    title,
    dataIndex: 'username',
    render: (name: string | null | undefined, row) => (
      <Link to={`/members/${row.member_id}`}>{name ?? row.member_id}</Link>
    ),
  };
}
