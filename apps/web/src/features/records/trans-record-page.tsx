import type { TransRecord } from '@h5/contract';
import { depositStatusLabel, periodLabel, TRANSACTION_TYPE, transactionStateLabel } from '@h5/contract/codes';
import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { Link, useSearchParams } from '../../shared/router/router';
import { useVenueNames } from '../../shared/api/venue-names';
import { formatMoney } from '../../shared/format';
import { loadedRows, PagedList } from '../../shared/ui/paged-list';
import { useTransRecords } from './api';
import { FilterButton, PeriodSheet } from '../../shared/ui/platform-period-filter';
import { RecordCount } from './record-count';
import '../../shared/ui/records.css';
import './trans-record.css';
import '../../shared/ui/lists.css';
import '../../shared/ui/record-card.css';
import { Detail } from '../../shared/ui/detail';

const DEFAULT_PERIOD = 1; // docs/member-app.md "Constants and limits": period default 1 (今天) everywhere but rebates

/** The kind of record a ticket names, by the row's type (transfers in and out alike). */
const FEEDBACK_KIND: Readonly<Record<number, string>> = { 1: 'deposit', 2: 'withdrawal', 3: 'transfer' };

const TYPES = Object.entries(TRANSACTION_TYPE).map(([code, label]) => ({ key: code, label }));

const typeOf = (raw: string | null): number => {
  const n = Number(raw);
  return n >= 1 && n <= 4 ? n : 1;
};

/** /transRecord (docs/member-app.md "Screens and routes"): deposits (1), withdrawals (2), transfers in (3) and out (4), filtered by period. */
export function TransRecordPage() {
  const [params, setParams] = useSearchParams();
  const type = typeOf(params.get('type'));
  const [period, setPeriod] = useState(DEFAULT_PERIOD);
  const [picking, setPicking] = useState(false);
  const records = useTransRecords({ type, period });

  const { rows, total } = loadedRows(records.data);
  const venueNames = useVenueNames().data;

  return (
    <main className="page records-page" aria-label="交易记录">
      <div className="trans-head">
        <Tabs
          activeKey={String(type)}
          onChange={(key) => setParams({ type: key }, { replace: true })}
          className="page-tabs"
        >
          {TYPES.map((t) => (
            <Tabs.Tab key={t.key} title={t.label} />
          ))}
        </Tabs>
        <FilterButton caption="时间" value={periodLabel(period)} onOpen={() => setPicking(true)} />
      </div>

      <PagedList
        query={records}
        rows={rows}
        label="交易记录列表"
        className="record-list"
        header={<RecordCount total={total} />}
        renderRow={(row) => (
          <TransRow key={`${row.type}-${row.out_trade_no}`} row={row} tabType={type} venueNames={venueNames} />
        )}
      />

      <PeriodSheet visible={picking} period={period} onPeriod={setPeriod} onClose={() => setPicking(false)} />
    </main>
  );
}

function TransRow({
  row,
  tabType,
  venueNames,
}: {
  row: TransRecord;
  tabType: number;
  venueNames: ReadonlyMap<string, string> | undefined;
}) {
  // The row's own type labels its state (docs/member-app.md "States and transitions": types 1-2 and 3-4 use different tables).
  const type = row.type >= 1 && row.type <= 4 ? row.type : tabType;
  // A deposit says where it is in its life (待支付, 已过期, 已到账 ...) when the server tells; else its state (docs/member-app.md "States and transitions").
  const stateText = type === 1 ? depositStatusLabel(row.status, row.state) : transactionStateLabel(type, row.state);
  // A transfer's way is its venue's code on the wire: a person reads the venue's name (nothing until names load).
  const way = type >= 3 ? (venueNames ? (venueNames.get(row.pay_way) ?? row.pay_way) : '') : row.pay_way;
  return (
    <li className="record-card trans-row" data-trade-no={row.out_trade_no}>
      <div className="record-card-head">
        <span className="trans-way">{way || '--'}</span>
        <span
          className={`state-pill trans-state type-${type <= 2 ? 'money' : 'transfer'} state-${row.state}${row.status ? ` status-${row.status}` : ''}`}
        >
          {stateText}
        </span>
      </div>
      <dl className="record-fields">
        <Detail term="订单号" className="bet-id">
          {row.out_trade_no}
        </Detail>
        <Detail term="金额" className="trans-amount">
          {formatMoney(row.amount)}
        </Detail>
        <Detail term="时间">{row.created_at}</Detail>
      </dl>
      {/* 意见反馈 (docs/member-app.md "意见反馈"): the form opens with this record named. */}
      <Link
        className="trans-feedback"
        to={`/feedback?kind=${FEEDBACK_KIND[type <= 2 ? type : 3]}&no=${encodeURIComponent(row.out_trade_no)}`}
        aria-label={`反馈此单 ${row.out_trade_no}`}
      >
        反馈此单
      </Link>
    </li>
  );
}
