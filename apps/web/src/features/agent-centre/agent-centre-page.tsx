import { BizCode } from '@h5/contract/biz-code';
import { MSG } from '@h5/contract/messages';
import { Button, Tabs, Toast } from 'antd-mobile';
import { useNavigate, useSearchParams } from '../../shared/router/router';
import { isApiError } from '@h5/contract/api-error';
import { copyText } from '../../shared/clipboard/copy-text';
import { EmptyState } from '../../shared/ui/empty-state';
import { InviteLinkText, InviteQr } from '../../shared/ui/invite-link';
import { PageLoading } from '../../shared/ui/page-loading';
import type { Paginator } from '@h5/contract';
import { loadedRows, PagedList, type PagedListProps, type PagedQuery } from '../../shared/ui/paged-list';
import { useAgentDownline, useAgentStatements, useAgentSummary } from './api';
import './agent-centre.css';
import '../../shared/ui/lists.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import '../../shared/ui/card-surface.css';

export const AGENT_TABS = [
  { key: 'month', label: '本月概况' },
  { key: 'downline', label: '下级会员' },
  { key: 'statements', label: '佣金报表' },
  { key: 'link', label: '推广链接' },
] as const;
type TabKey = (typeof AGENT_TABS)[number]['key'];
const tabOf = (raw: string | null): TabKey => AGENT_TABS.find((t) => t.key === raw)?.key ?? 'month';

function Figure({ label, value, strong }: { label: string; value: string | number; strong?: boolean }) {
  return (
    <div className={strong ? 'agent-figure agent-figure-strong' : 'agent-figure'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * /agentCenter (ours): the partner's centre, opened from 代理登录 on /mine through /gamePage?dailiD=1 (which frames
 * getAgentLoginUrl). The partner signs in with the member account; a member who is not a partner is told so.
 */
export function AgentCentrePage() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const navigate = useNavigate();
  const summary = useAgentSummary();
  const isPartner = Boolean(summary.data);
  const downline = useAgentDownline(isPartner && tab === 'downline');
  const statements = useAgentStatements(isPartner && tab === 'statements');

  if (summary.isPending) return <PageLoading />;
  if (!summary.data) {
    const refused = isApiError(summary.error) && summary.error.code === BizCode.FORBIDDEN;
    return (
      <main className="page agent-centre" aria-label="代理中心">
        {refused ? (
          <EmptyState title={MSG.notPartner}>
            <Button size="small" color="primary" onClick={() => void navigate('/applyagent')}>
              申请代理
            </Button>
          </EmptyState>
        ) : (
          <LoadFailed onRetry={() => summary.refetch()} />
        )}
      </main>
    );
  }
  const s = summary.data;
  const f = s.figures;
  const copy = async () => {
    if (await copyText(s.link)) Toast.show({ content: MSG.copied });
  };

  return (
    <main className="page agent-centre" aria-label="代理中心">
      <Tabs activeKey={tab} onChange={(key) => setParams({ tab: key }, { replace: true })} className="agent-tabs">
        {AGENT_TABS.map((t) => (
          <Tabs.Tab key={t.key} title={t.label} />
        ))}
      </Tabs>

      {tab === 'month' && (
        <section className="agent-card card-surface" aria-label="本月概况">
          <h2 className="agent-title">{s.month} 本月至今</h2>
          <dl className="agent-figures">
            <Figure label="下级人数" value={s.downline_total} />
            <Figure label="活跃会员" value={f.active_members} />
            <Figure label="存款" value={f.deposits} />
            <Figure label="提款" value={f.withdrawals} />
            <Figure label="有效投注" value={f.valid_stake} />
            <Figure label="平台盈亏" value={f.ggr} />
            <Figure label="返水" value={f.rebates} />
            <Figure label="优惠红包" value={f.bonuses} />
            <Figure label="支付手续费" value={f.fees} />
            <Figure label="上月结转" value={s.carry_in} />
            <Figure label="净盈利" value={f.net_revenue} strong />
          </dl>
          {s.plan ? (
            <section className="agent-plan" aria-label="佣金方案">
              <h3>佣金方案：{s.plan.name}</h3>
              <ul>
                {s.plan.tiers.map((t, i) => (
                  <li key={i}>
                    第{i + 1}档：净盈利 ≥ {t.min_net_revenue}，活跃会员 ≥ {t.min_active}，佣金 {t.rate}%
                  </li>
                ))}
              </ul>
            </section>
          ) : (
            <p className="agent-note">暂未设置佣金方案，请联系客服</p>
          )}
        </section>
      )}

      {tab === 'downline' && (
        <AgentList
          query={downline}
          label="下级会员列表"
          emptyTitle="还没有下级会员，快去分享推广链接吧"
          header={<p className="agent-note">本月存款与有效投注，共 {s.downline_total} 人</p>}
          renderRow={(m) => (
            <li key={`${m.username}-${m.created_at}`} className="agent-row card-surface">
              <div>
                <strong>{m.username}</strong>
                <span className="agent-row-sub">注册 {m.created_at}</span>
              </div>
              <dl className="agent-row-figures">
                <Figure label="存款" value={m.deposits} />
                <Figure label="有效投注" value={m.valid_stake} />
              </dl>
            </li>
          )}
        />
      )}

      {tab === 'statements' && (
        <AgentList
          query={statements}
          label="佣金报表列表"
          emptyTitle="还没有结算记录"
          renderRow={(st) => (
            <li key={st.id} className="agent-row card-surface agent-statement">
              <div>
                <strong>{st.month}</strong>
                <span className={st.state === 2 ? 'agent-state agent-paid' : 'agent-state'}>
                  {st.state === 2 ? '已派发' : '待审核'}
                </span>
              </div>
              <dl className="agent-row-figures">
                <Figure label="活跃会员" value={st.active_members} />
                <Figure label="净盈利" value={st.net_revenue} />
                <Figure label="上月结转" value={st.carry_in} />
                <Figure label="佣金比例" value={`${st.rate}%`} />
                <Figure label="佣金" value={st.commission} strong />
                <Figure label="结转下月" value={st.carry_out} />
              </dl>
            </li>
          )}
        />
      )}

      {tab === 'link' && (
        <section className="agent-card card-surface agent-link" aria-label="推广链接">
          <InviteQr link={s.link} label="推广二维码" />
          <p className="agent-note">
            推荐码 <strong>{s.pid}</strong>
          </p>
          <InviteLinkText link={s.link} label="推广链接地址" />
          <Button block color="primary" onClick={() => void copy()}>
            复制链接
          </Button>
        </section>
      )}
    </main>
  );
}

/** A tab's list of the partner's members or statements, every page loaded so far, drawn as agent rows. */
function AgentList<T>({
  query,
  ...list
}: { query: PagedQuery & { data?: { pages: Paginator<T>[] } } } & Omit<
  PagedListProps<T>,
  'query' | 'rows' | 'className'
>) {
  return <PagedList query={query} rows={loadedRows(query.data).rows} className="column-list agent-list" {...list} />;
}
