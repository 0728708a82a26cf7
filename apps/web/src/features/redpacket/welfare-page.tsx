import type { RedpacketRecord } from '@h5/contract';
import { Button } from 'antd-mobile';
import { formatMoney } from '../../shared/format';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { loadedRows, PagedList } from '../../shared/ui/paged-list';
import { useRedpacketInfo, useRedpacketRecords } from './api';
import './redpacket.css';
import '../../shared/ui/record-card.css';
import { Detail } from '../../shared/ui/detail';

/** /welfare (docs/member-app.md "Screens and routes"): red-packet records with claims left and used, and a way to /hongbao. */
export function WelfarePage() {
  const info = useRedpacketInfo();
  const records = useRedpacketRecords();
  const go = useAppNavigate();
  const { rows } = loadedRows(records.data);

  return (
    <main className="page welfare-page" aria-label="福利中心">
      <section className="welfare-summary" aria-label="红包次数">
        <dl className="hongbao-stats">
          <Detail term="剩余次数" data-field="sendnums">
            {info.data ? Math.max(0, info.data.sendnums) : '-'}
          </Detail>
          <Detail term="已用次数" data-field="acquirednum">
            {info.data ? info.data.acquirednum : '-'}
          </Detail>
        </dl>
        <Button color="primary" shape="rounded" onClick={() => void go('/hongbao')}>
          去抢红包
        </Button>
      </section>

      <PagedList
        query={records}
        rows={rows}
        label="红包记录列表"
        className="record-list"
        renderRow={(row, index) => <RecordRow key={`${row.created_at}-${index}`} row={row} />}
      />
    </main>
  );
}

function RecordRow({ row }: { row: RedpacketRecord }) {
  return (
    <li className="record-card">
      <div className="welfare-row-head">
        <span>红包金额</span>
        <strong className="welfare-prize">{formatMoney(row.redpacketmoney)}</strong>
      </div>
      <dl className="record-fields welfare-fields">
        <Detail term="存款金额">{formatMoney(row.money)}</Detail>
        <Detail term="领取时间">{row.created_at}</Detail>
        <Detail term="使用时间">{row.usetime ?? '-'}</Detail>
      </dl>
    </li>
  );
}
