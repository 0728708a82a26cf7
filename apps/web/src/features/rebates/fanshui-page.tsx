import type { RebateRecord } from '@h5/contract';
import { MSG } from '@h5/contract/messages';
import { Button, Toast } from 'antd-mobile';
import { formatMoney } from '../../shared/format';
import { PagedList } from '../../shared/ui/paged-list';
import '../../shared/ui/records.css';
import { PlatformPeriodFilter, usePlatformPeriod } from '../../shared/ui/platform-period-filter';
import { useClaimRebates, useRebates } from './api';
import './rebates.css';
import '../../shared/ui/record-card.css';
import { Detail } from '../../shared/ui/detail';

const DEFAULT_PERIOD = 4; // docs/member-app.md "Constants and limits": the rebate period defaults to 4 (近30天)

const amountOf = (money: string | undefined) => Number.parseFloat(money ?? '') || 0;

/** /fanshui (docs/member-app.md "Screens and routes"): claimed and claimable totals, the claim button, filters and the paged rebate rows. */
export function FanshuiPage() {
  const { platform, period, filter } = usePlatformPeriod(DEFAULT_PERIOD);
  const rebates = useRebates({ platform, period });
  const claim = useClaimRebates();

  const pages = rebates.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.list.data);
  const totals = pages[0];

  const onClaim = () => {
    // docs/member-app.md "Other rules": nothing pending shows 暂无领取额度！ and makes no call.
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
          <Detail term="已领取返水" data-field="jisuan">
            {totals ? formatMoney(totals.jisuan) : '-'}
          </Detail>
          <Detail term="待领取返水" data-field="nojisuan">
            {totals ? formatMoney(totals.nojisuan) : '-'}
          </Detail>
        </dl>
        <Button color="primary" shape="rounded" loading={claim.isPending} disabled={!totals} onClick={onClaim}>
          一键领取
        </Button>
      </section>

      <PlatformPeriodFilter className="fanshui-filters" {...filter} />

      <PagedList
        query={rebates}
        rows={rows}
        label="返水记录列表"
        className="record-list"
        renderRow={(row) => <RebateRow key={row.id} row={row} />}
      />
    </main>
  );
}

function RebateRow({ row }: { row: RebateRecord }) {
  const claimed = row.state !== 0;
  return (
    <li className="record-card bet-row fanshui-row" data-rebate-id={row.id} data-state={row.state}>
      <div className="record-card-head">
        <span className="bet-venue">{row.gamename}</span>
        <strong className="fanshui-money">{formatMoney(row.money)}</strong>
      </div>
      <dl className="record-fields">
        <Detail term="返水时间">{row.created_at}</Detail>
        {/* docs/member-app.md "Screens and routes": the claim time reads as not yet claimed while state is 0. */}
        <Detail term="领取时间" className={claimed ? undefined : 'fanshui-unclaimed'}>
          {claimed ? (row.updated_at ?? '-') : MSG.rebateUnclaimed}
        </Detail>
      </dl>
    </li>
  );
}
