import type { BetRecord, Venue } from '@h5/contract';
import { betStatusLabel } from '@h5/contract/codes';
import { MSG } from '@h5/contract/messages';
import { formatMoney } from '../../shared/format';
import { loadedRows, PagedList } from '../../shared/ui/paged-list';
import { useBetRecords } from './api';
import { PlatformPeriodFilter, usePlatformPeriod } from '../../shared/ui/platform-period-filter';
import { RecordCount } from './record-count';
import '../../shared/ui/records.css';
import '../../shared/ui/record-card.css';
import { Detail } from '../../shared/ui/detail';

const DEFAULT_PERIOD = 1; // docs/member-app.md "Constants and limits": period default 1 (今天) everywhere but rebates

/** /betRecord (docs/member-app.md "Screens and routes"): bet history filtered by platform and period, loaded page by page as the list scrolls. */
export function BetRecordPage() {
  const { platform, period, venues, filter } = usePlatformPeriod(DEFAULT_PERIOD);
  const records = useBetRecords({ platform, period });
  const { rows, total } = loadedRows(records.data);

  return (
    <main className="page records-page" aria-label="投注记录">
      <PlatformPeriodFilter {...filter} />

      <PagedList
        query={records}
        rows={rows}
        label="投注记录列表"
        className="record-list"
        emptyTitle={MSG.noBetRecords}
        header={<RecordCount total={total} />}
        renderRow={(row) => <BetRow key={row.bet_id} row={row} venues={venues} />}
      />
    </main>
  );
}

function BetRow({ row, venues }: { row: BetRecord; venues: readonly Venue[] | undefined }) {
  // The server names each bet's venue; a server that does not is read against the venue wallets' names.
  const venueName = row.venue_name ?? venues?.find((v) => v.platname.toLowerCase() === row.Code.toLowerCase())?.name;
  const winLoss = Number.parseFloat(row.win_loss) || 0;
  const tone = winLoss > 0 ? 'win' : winLoss < 0 ? 'loss' : 'even';
  return (
    <li className="record-card bet-row" data-bet-id={row.bet_id}>
      <div className="record-card-head">
        {/* The venue by name: its code is for the server, not for a person (nothing until the names load). */}
        <span className="bet-venue">{row.venue_name ?? (venues ? (venueName ?? row.Code) : '')}</span>
        <span className={`bet-status status-${row.status}`}>{betStatusLabel(row.status)}</span>
      </div>
      <dl className="record-fields">
        <Detail term="注单号" className="bet-id">
          {row.bet_id}
        </Detail>
        <Detail term="投注金额">{formatMoney(row.bet_amount)}</Detail>
        <Detail term="输赢" className={`bet-winloss ${tone}`}>
          {winLoss > 0 ? '+' : ''}
          {formatMoney(row.win_loss)}
        </Detail>
        <Detail term="投注时间">{row.created_at}</Detail>
      </dl>
    </li>
  );
}
