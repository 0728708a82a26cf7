import type { TableColumnType } from 'antd';
import { formatMoney } from '../format';
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

/**
 * 金额 in yuan, right-aligned, with the order's USDT beneath it when it is a USDT order (`usdtText` words it: what
 * a deposit pays, or what a withdrawal receives).
 */
export function amountColumn<Row extends { usdt_amount: string | null }>(
  usdtText: (usdt: string) => string,
): TableColumnType<Row> {
  return {
    title: '金额',
    dataIndex: 'amount',
    align: 'right',
    render: (v: string, row) => (
      <>
        {formatMoney(v)}
        {row.usdt_amount ? <div style={{ color: 'rgba(0,0,0,0.65)' }}>{usdtText(row.usdt_amount)}</div> : null}
      </>
    ),
  };
}
