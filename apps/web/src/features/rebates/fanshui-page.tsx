import type { RebateRecord } from '@h5/contract';
import { PERIOD, periodLabel } from '@h5/contract/codes';
import { MSG } from '@h5/contract/messages';
import { Button, InfiniteScroll, Toast } from 'antd-mobile';
import { useState } from 'react';
import { formatMoney } from '../../shared/format';
import { EmptyState } from '../../shared/ui/empty-state';
import { OptionSheet, type SheetOption } from '../../shared/ui/option-sheet';
import { PageLoading } from '../../shared/ui/page-loading';
import '../records/records.css';
import { useClaimRebates, useRebatePlatforms, useRebates } from './api';
import './rebates.css';

const ALL = '';
const ALL_LABEL = '全部';
const DEFAULT_PERIOD = 4; // SPEC 9: the rebate period defaults to 4 (近30天)

const PERIOD_OPTIONS: SheetOption<number>[] = Object.entries(PERIOD).map(([code, label]) => ({
  value: Number(code),
  label,
}));

const amountOf = (money: string | undefined) => Number.parseFloat(money ?? '') || 0;

/** /fanshui (SPEC 2): claimed and claimable totals, the claim button, filters and the paged rebate rows. */
export function FanshuiPage() {
  const [platform, setPlatform] = useState(ALL);
  const [period, setPeriod] = useState(DEFAULT_PERIOD);
  const [sheet, setSheet] = useState<'platform' | 'period' | null>(null);
  const venues = useRebatePlatforms();
  const rebates = useRebates({ platform, period });
  const claim = useClaimRebates();

  const platformOptions: SheetOption<string>[] = [
    { value: ALL, label: ALL_LABEL },
    ...(venues.data ?? []).map((v) => ({ value: v.platname, label: v.name })),
  ];
  const platformName = platformOptions.find((o) => o.value === platform)?.label ?? platform;

  const pages = rebates.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.list.data);
  const totals = pages[0];

  const loadMore = async () => {
    const result = await rebates.fetchNextPage();
    // InfiniteScroll shows its retry link when loadMore throws; without this it would ask again and again.
    if (result.isError) throw result.error;
  };

  const onClaim = () => {
    // SPEC 5 Other: nothing pending shows 暂无领取额度！ and makes no call.
    if (amountOf(totals?.nojisuan) <= 0) {
      Toast.show({ content: MSG.noRebateQuota });
      return;
    }
    claim.mutate(undefined, {
      onSuccess: (message) => Toast.show({ icon: 'success', content: message || MSG.ok }),
    });
  };

  return (
    <main className="page records-page fanshui-page" aria-label="返水中心">
      <section className="fanshui-summary" aria-label="返水汇总">
        <dl className="fanshui-totals">
          <div>
            <dt>已领取返水</dt>
            <dd data-field="jisuan">{totals ? formatMoney(totals.jisuan) : '-'}</dd>
          </div>
          <div>
            <dt>待领取返水</dt>
            <dd data-field="nojisuan">{totals ? formatMoney(totals.nojisuan) : '-'}</dd>
          </div>
        </dl>
        <Button color="primary" shape="rounded" loading={claim.isPending} disabled={!totals} onClick={onClaim}>
          一键领取
        </Button>
      </section>

      <div className="records-filters fanshui-filters" role="group" aria-label="筛选">
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

      {rebates.isPending ? (
        <PageLoading />
      ) : rebates.isError && rows.length === 0 ? (
        <EmptyState title="加载失败">
          <Button size="small" color="primary" fill="outline" onClick={() => void rebates.refetch()}>
            重新加载
          </Button>
        </EmptyState>
      ) : rows.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <ul className="records-list" aria-label="返水记录列表">
            {rows.map((row) => (
              <RebateRow key={row.id} row={row} />
            ))}
          </ul>
          <InfiniteScroll loadMore={loadMore} hasMore={rebates.hasNextPage} />
        </>
      )}

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

function RebateRow({ row }: { row: RebateRecord }) {
  const claimed = row.state !== 0;
  return (
    <li className="bet-row fanshui-row" data-rebate-id={row.id} data-state={row.state}>
      <div className="bet-row-head">
        <span className="bet-venue">{row.gamename}</span>
        <strong className="fanshui-money">{formatMoney(row.money)}</strong>
      </div>
      <dl className="bet-fields">
        <div>
          <dt>返水时间</dt>
          <dd>{row.created_at}</dd>
        </div>
        <div>
          <dt>领取时间</dt>
          {/* SPEC 2: the claim time reads as not yet claimed while state is 0. */}
          <dd className={claimed ? undefined : 'fanshui-unclaimed'}>
            {claimed ? (row.updated_at ?? '-') : MSG.rebateUnclaimed}
          </dd>
        </div>
      </dl>
    </li>
  );
}
