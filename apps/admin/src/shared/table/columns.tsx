import { Button } from 'antd';
import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { formatMoney } from '../format';
import { Link } from 'react-router';

/**
 * The member of a row, linked to the member's page; the id stands in where the answer carries no username. `below`
 * adds a line under the name (a link to the member's linked accounts).
 */
export function memberColumn<Row extends { member_id: number; username?: string | null }>(
  title = '会员',
  below?: (row: Row) => ReactNode,
): TableColumnType<Row> {
  return {
    title,
    dataIndex: 'username',
    render: (name: string | null | undefined, row) => (
      <>
        <Link to={`/members/${row.member_id}`}>{name ?? row.member_id}</Link>
        {below ? <div>{below(row)}</div> : null}
      </>
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

/**
 * An order's number with the time it was submitted beneath, in one column, so that a queue fits beside the menu at
 * 1280 px; `open` makes the number a link to the row's whole record (a detail drawer).
 */
export function orderColumn<Row>(
  title: string,
  numberOf: (row: Row) => string,
  timeOf: (row: Row) => string,
  open?: (row: Row) => void,
): TableColumnType<Row> {
  return {
    title,
    key: 'order',
    width: 200,
    render: (_v, row) => (
      <>
        {open ? (
          <Button type="link" size="small" className="console-cell-link" onClick={() => open(row)}>
            {numberOf(row)}
          </Button>
        ) : (
          numberOf(row)
        )}
        <span className="console-cell-sub">{timeOf(row)}</span>
      </>
    ),
  };
}
