import type { VipLevel } from '@h5/contract';
import { VIP_LEVELS } from '@h5/contract/codes';
import { ProgressBar, Tabs } from 'antd-mobile';
import { useState, type CSSProperties } from 'react';
import { formatMoney } from '../../shared/format';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { useSession, useUserInfo } from '../../shared/session/hooks';
import { EmptyState } from '../../shared/ui/empty-state';
import { RulesList } from '../../shared/ui/rules-list';
import { Skeleton, SkeletonGroup } from '../../shared/ui/skeleton';
import { useVipLevels } from './api';
import { vipNumber, vipProgress } from '../../shared/vip/vip-progress';
import './vip.css';
import { Detail } from '../../shared/ui/detail';
import { TitledSection } from '../../shared/ui/titled-section';

/** Rebate columns of a level, in sidebar order (docs/member-app.md "Entities and fields"). */
const REBATE_COLUMNS = [
  { key: 'realperson', label: '真人视讯' },
  { key: 'sport', label: '体育赛事' },
  { key: 'e_sport', label: '电子竞技' },
  { key: 'joker', label: '棋牌游戏' },
  { key: 'electron', label: '电子游艺' },
  { key: 'lottery', label: '彩票游戏' },
] as const;

/** docs/member-app.md "Constants and limits": VIP help text. */
const VIP_RULES = [
  '晋升条件：会员的累计存款与累计流水同时达到相应等级的要求，即可晋升至该VIP等级。',
  '晋升规则：每天最多晋升一级，不可越级晋升。',
  '保级要求：会员晋升后需在90天内完成相应等级的保级流水。',
  '降级规则：若一个季度内未完成保级要求，系统将自动下调一个等级。',
  'VIP返水：返水于24小时内发放至福利中心，需会员手动领取；返水只需完成1倍流水即可提现。',
];

function MemberProgress({ levels }: { levels: readonly VipLevel[] }) {
  const { data: user } = useUserInfo();
  if (!user) return null;
  const level = vipNumber(user.current_vip) || user.vip;
  const percent = vipProgress(user.paysum, level, levels);
  const next = levels[level];
  return (
    <section className="vip-member" aria-label="我的VIP进度">
      <div className="vip-member-head">
        <span className="vip-badge">{user.current_vip || `VIP${level}`}</span>
        <span className="vip-member-name">{user.username}</span>
      </div>
      <p className="vip-member-line">
        累计存款 <b>{formatMoney(user.paysum)}</b>
        {next && (
          <>
            {' '}
            / 晋级需 <b>{formatMoney(next.recharge)}</b>
          </>
        )}
      </p>
      <div role="progressbar" aria-label="晋级进度" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <ProgressBar
          percent={percent}
          text={`${percent}%`}
          style={{ '--fill-color': 'var(--gold-500)', '--track-color': 'var(--navy-600)' } as CSSProperties}
        />
      </div>
    </section>
  );
}

function VisitorPrompt() {
  const go = useAppNavigate();
  return (
    <section className="vip-member">
      <p className="vip-member-line">登录后即可查看您的VIP等级与晋级进度</p>
      <button type="button" className="vip-login" onClick={() => void go('/login')}>
        立即登录
      </button>
    </section>
  );
}

function LevelDetail({ level }: { level: VipLevel }) {
  return (
    <div className="vip-level">
      <dl className="vip-thresholds">
        <Detail term="累计存款">{formatMoney(level.recharge)}</Detail>
        <Detail term="累计流水">{formatMoney(level.flow)}</Detail>
      </dl>
      <table className="vip-rebates">
        <caption>{`${level.name} 返水比例`}</caption>
        <thead>
          <tr>
            <th scope="col">游戏类型</th>
            <th scope="col">返水比例</th>
          </tr>
        </thead>
        <tbody>
          {REBATE_COLUMNS.map((column) => (
            <tr key={column.key}>
              <th scope="row">{column.label}</th>
              <td>{`${level[column.key]}%`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** docs/member-app.md "Screens by route" /vip: VIP privileges with tabs VIP1 to VIP10. */
export function VipPage() {
  const { isLoggedIn } = useSession();
  const { data: levels, isPending } = useVipLevels();
  const [active, setActive] = useState('0');

  return (
    <main className="vip-page">
      {isPending ? (
        <SkeletonGroup className="vip-skeleton" label="VIP等级加载中">
          <Skeleton className="vip-skeleton-card" />
          <Skeleton className="vip-skeleton-tabs" />
          <Skeleton className="vip-skeleton-table" />
        </SkeletonGroup>
      ) : !levels || levels.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          {isLoggedIn ? <MemberProgress levels={levels} /> : <VisitorPrompt />}
          <Tabs activeKey={active} onChange={setActive} className="vip-tabs">
            {levels.slice(0, VIP_LEVELS).map((level, index) => (
              <Tabs.Tab key={String(index)} title={level.name || `VIP${index + 1}`}>
                <LevelDetail level={level} />
              </Tabs.Tab>
            ))}
          </Tabs>
        </>
      )}
      <TitledSection titleId="vip-rules-title" title="VIP规则说明" className="vip-rules">
        <RulesList items={VIP_RULES} />
      </TitledSection>
    </main>
  );
}
