import type { RedpacketInfo } from '@h5/contract';
import { MSG } from '@h5/contract/messages';
import { Toast } from 'antd-mobile';
import { useEffect } from 'react';
import { Link, useNavigate } from '../../shared/router/router';
import { isApiError } from '@h5/contract/api-error';
import { formatMoney } from '../../shared/format';
import { useSiteInfoQuery } from '../../shared/site/use-site-info';
import { RulesList } from '../../shared/ui/rules-list';
import { Skeleton, SkeletonGroup } from '../../shared/ui/skeleton';
import { useGrabRedpacket, useRedpacketInfo } from './api';
import { redpacketPhase, type RedpacketPhase } from './redpacket-phase';
import './redpacket.css';
import { alertDialog, showDialog } from '../../shared/ui/dialogs';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Detail } from '../../shared/ui/detail';
import { TitledSection } from '../../shared/ui/titled-section';
import '../../shared/ui/card-surface.css';

const UNAUTHORIZED = 401;

/** docs/member-app.md "Constants and limits": the red-packet rules text. */
const RULES_TEXT = [
  '红包活动时间：每日北京时间10:00-12:00。',
  '存款统计时间：前一日12:00至当日10:00（北京时间），按当日存款金额匹配下表的可抢次数与红包上限。',
  '红包金额随机发放，领取后立即到账，可在福利中心查看领取记录。',
];

const PHASE_LABEL: Record<RedpacketPhase, string> = {
  notStarted: '活动未开始',
  open: '活动进行中',
  ended: '今日已结束',
};

/** docs/member-app.md "Runtime navigation rules": with redpacket_switch 0 the page says 红包已关闭 (only once the server has said so). */
function useRedpacketClosed(): boolean {
  const site = useSiteInfoQuery();
  // The stand-in default (switch 0) has dataUpdatedAt 0: only the server's answer can close the page.
  const closed = site.dataUpdatedAt > 0 && site.data.redpacket_switch !== 1;
  useEffect(() => {
    if (closed) Toast.show({ content: MSG.redpacketClosed });
  }, [closed]);
  return closed;
}

/** /hongbao (docs/member-app.md "Screens and routes"): rules, claims left and taken today, and the grab button. */
export function HongbaoPage() {
  const closed = useRedpacketClosed();
  const info = useRedpacketInfo();
  const grab = useGrabRedpacket();
  const navigate = useNavigate();

  const showWin = (amount: string) =>
    alertDialog({
      title: '恭喜您抢到红包',
      content: (
        <p className="hongbao-win">
          <strong className="hongbao-win-amount">{formatMoney(amount)}</strong>
          <span className="hongbao-win-unit">元</span>
        </p>
      ),
      confirmText: '开心收下',
    });

  // docs/member-app.md "States and transitions" and "Messages and errors": a refusal shows its message in a dialog with a deposit shortcut to /wallet?type=0.
  const showRefusal = (message: string) =>
    showDialog({
      title: MSG.tipTitle,
      content: message,
      closeOnAction: true,
      actions: [
        [
          { key: 'close', text: '知道了' },
          { key: 'deposit', text: '去存款', bold: true, onClick: () => void navigate('/wallet?type=0') },
        ],
      ],
    });

  const showFailure = (error: unknown) => {
    if (isApiError(error) && error.code === UNAUTHORIZED) return; // the client's expiry dialog covers it
    if (!isApiError(error) || error.code < 0 || !error.message) {
      void alertDialog({ title: MSG.tipTitle, content: MSG.serverError, confirmText: '确定' });
      return;
    }
    showRefusal(error.message);
  };

  const onGrab = (data: RedpacketInfo) => {
    if (closed) {
      Toast.show({ content: MSG.redpacketClosed });
      return;
    }
    // docs/member-app.md "Other rules" and "Messages and errors": sendnums 0 or less shows 您暂未达到领取条件，快去完成吧！ and no call is made; it comes
    // before the time-window dialogs, as in the existing client.
    if (data.sendnums <= 0) {
      showRefusal(MSG.redpacketNotEligible);
      return;
    }
    const phase = redpacketPhase(data.rules, new Date());
    if (phase !== 'open') {
      const content = phase === 'notStarted' ? MSG.redpacketNotStarted : MSG.redpacketEnded;
      void alertDialog({ title: MSG.tipTitle, content, confirmText: '确定' });
      return;
    }
    grab.mutate(undefined, {
      onSuccess: ({ data: prize }) => void showWin(prize.redpacketmoney),
      onError: showFailure,
    });
  };

  return (
    <main className="page hongbao-page" aria-label="红包">
      <section className="hongbao-hero" aria-label="抢红包">
        <h1 className="hongbao-heading">天天抢红包</h1>
        {info.isPending ? (
          <SkeletonGroup label="红包加载中" className="hongbao-stats">
            <Skeleton className="hongbao-stat-skeleton" />
            <Skeleton className="hongbao-stat-skeleton" />
          </SkeletonGroup>
        ) : info.isError ? (
          <LoadFailed onRetry={() => info.refetch()} />
        ) : (
          <>
            <p className="hongbao-phase">{PHASE_LABEL[redpacketPhase(info.data.rules, new Date())]}</p>
            <dl className="hongbao-stats">
              <Detail term="剩余次数" data-field="sendnums">
                {Math.max(0, info.data.sendnums)}
              </Detail>
              <Detail term="今日已领" data-field="acquirednum">
                {info.data.acquirednum}
              </Detail>
            </dl>
          </>
        )}
        <button
          type="button"
          className="hongbao-grab"
          disabled={closed || !info.data || grab.isPending}
          onClick={() => info.data && onGrab(info.data)}
        >
          {closed ? MSG.redpacketClosed : grab.isPending ? '抢红包中…' : '抢红包'}
        </button>
        <Link className="hongbao-records-link" to="/welfare">
          红包记录
        </Link>
      </section>

      {info.data && info.data.rules.length > 0 && (
        <TitledSection
          titleId="hongbao-rules-title"
          title="红包规则"
          className="hongbao-rules card-surface"
          titleClassName="hongbao-section-title"
        >
          <table className="hongbao-table">
            <thead>
              <tr>
                <th scope="col">时间段</th>
                <th scope="col">当日存款</th>
                <th scope="col">可抢次数</th>
                <th scope="col">红包上限</th>
              </tr>
            </thead>
            <tbody>
              {info.data.rules.map((rule, index) => (
                <tr key={`${rule.start_time}-${rule.end_time}-${index}`}>
                  <td>
                    {rule.start_time}-{rule.end_time}
                  </td>
                  <td>
                    {formatMoney(rule.day_flow)}-{formatMoney(rule.flow_money)}
                  </td>
                  <td>{rule.recharge}次</td>
                  <td>存款的{Number(rule.money)}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TitledSection>
      )}

      <TitledSection
        titleId="hongbao-text-title"
        title="活动说明"
        className="hongbao-rules card-surface"
        titleClassName="hongbao-section-title"
      >
        <RulesList items={RULES_TEXT} />
      </TitledSection>
    </main>
  );
}
