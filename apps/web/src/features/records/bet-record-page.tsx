import type { BetRecord, Venue } from '@h5/contract';
import { betStatusLabel, PERIOD, periodLabel } from '@h5/contract/codes';
import { MSG } from '@h5/contract/messages';
import { useState } from 'react';
import { formatMoney } from '../../shared/format';
import { OptionSheet, type SheetOption } from '../../shared/ui/option-sheet';
import { PagedList } from '../../shared/ui/paged-list';
import { useBetPlatforms, useBetRecords } from './api';
import { RecordCount } from './record-count';
import './records.css';

const ALL = '';
const ALL_LABEL = '全部';
const DEFAULT_PERIOD = 1; // SPEC 9: period default 1 (今天) everywhere but rebates

const PERIOD_OPTIONS: SheetOption<number>[] = Object.entries(PERIOD).map(([code, label]) => ({
  value: Number(code),
  label,
}));

/** /betRecord (SPEC 2): bet history filtered by platform and period, loaded page by page as the list scrolls. */
export function BetRecordPage() {
  const [platform, setPlatform] = useState(ALL);
  const [period, setPeriod] = useState(DEFAULT_PERIOD);
  const [sheet, setSheet] = useState<'platform' | 'period' | null>(null);
  const venues = useBetPlatforms();
  const records = useBetRecords({ platform, period });

  const platformOptions: SheetOption<string>[] = [
    { value: ALL, label: ALL_LABEL },
    ...(venues.data ?? []).map((v) => ({ value: v.platname, label: v.name })),
  ];
  const platformName = platformOptions.find((o) => o.value === platform)?.label ?? platform;

  const pages = records.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.data);
  const total = pages[pages.length - 1]?.total ?? 0;

  return (
    <main className="page records-page" aria-label="投注记录">
      <div className="records-filters" role="group" aria-label="筛选">
        <button
          type="button"
          className="records-filter"
          aria-label={`平台：${platformName}`}
          aria-haspopup="dialog"
          onClick={() => setSheet('platform')}
        >
          <span className="records-filter-caption">平台</span>
          <span className="records-filter-value">{platformName}</span>
        </button>
        <button
          type="button"
          className="records-filter"
          aria-label={`时间：${periodLabel(period)}`}
          aria-haspopup="dialog"
          onClick={() => setSheet('period')}
        >
          <span className="records-filter-caption">时间</span>
          <span className="records-filter-value">{periodLabel(period)}</span>
        </button>
      </div>

      <PagedList
        query={records}
        rows={rows}
        label="投注记录列表"
        className="records-list"
        emptyTitle={MSG.noBetRecords}
        header={<RecordCount total={total} />}
        renderRow={(row) => <BetRow key={row.bet_id} row={row} venues={venues.data} />}
      />

      <OptionSheet
        title="选择平台"
        visible={sheet === 'platform'}
        options={platformOptions}
        value={platform}
        onSelect={setPlatform}
        onClose={() => setSheet(null)}
      />
      <OptionSheet
        title="选择时间"
        visible={sheet === 'period'}
        options={PERIOD_OPTIONS}
        value={period}
        onSelect={setPeriod}
        onClose={() => setSheet(null)}
      />
    </main>
  );
}

function BetRow({ row, venues }: { row: BetRecord; venues: readonly Venue[] | undefined }) {
  const venueName = venues?.find((v) => v.platname.toLowerCase() === row.Code.toLowerCase())?.name;
  const winLoss = Number.parseFloat(row.win_loss) || 0;
  const tone = winLoss > 0 ? 'win' : winLoss < 0 ? 'loss' : 'even';
  return (
    <li className="bet-row" data-bet-id={row.bet_id}>
      <div className="bet-row-head">
        <span className="bet-venue">
          {venueName ?? row.Code}
          {venueName && <span className="bet-code">{row.Code}</span>}
        </span>
        <span className={`bet-status status-${row.status}`}>{betStatusLabel(row.status)}</span>
      </div>
      <dl className="bet-fields">
        <div>
          <dt>注单号</dt>
          <dd className="bet-id">{row.bet_id}</dd>
        </div>
        <div>
          <dt>投注金额</dt>
          <dd>{formatMoney(row.bet_amount)}</dd>
        </div>
        <div>
          <dt>输赢</dt>
          <dd className={`bet-winloss ${tone}`}>
            {winLoss > 0 ? '+' : ''}
            {formatMoney(row.win_loss)}
          </dd>
        </div>
        <div>
          <dt>投注时间</dt>
          <dd>{row.created_at}</dd>
        </div>
      </dl>
    </li>
  );
}
