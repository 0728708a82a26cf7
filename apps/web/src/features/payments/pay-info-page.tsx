import type { PayInfo } from '@h5/contract';
import { DEPOSIT_STATUS, type DepositStatus } from '@h5/contract/codes';
import { FIRST_SCREEN_MSG } from '@h5/contract/first-screen-messages';
import { Link, useSearchParams } from '../../shared/router/router';
import { useSession } from '../../shared/session/hooks';
import { formatMoney } from '../../shared/format';
import { EmptyState } from '../../shared/ui/empty-state';
import { PageLoading } from '../../shared/ui/page-loading';
import { usePayInfo } from './api';
import { CopyButton } from './copy-button';
import { formatCountdown, paymentDeadline, useCountdown } from './countdown';
import './payments.css';
import '../../shared/ui/lists.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import { PayCard } from './pay-card';

/** docs/wire-rules.md "Wire details", payinfo: the pay type named in the message. */
const PAY_TYPE_LABEL: Record<string, string> = {
  bankpay: '银行卡转账',
  alipay: '支付宝',
  wxpay: '微信支付',
  usdtpay: 'USDT',
  ebpay: 'EB支付',
};

type CardEntry = PayInfo['cardlist'][number];
type Info = PayInfo['info'];

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** /payInfo?deposit_no (docs/member-app.md "Screens and routes" and "States and transitions"): how to pay a deposit, within 60 minutes of its creation. */
export function PayInfoPage() {
  const [params] = useSearchParams();
  const depositNo = params.get('deposit_no')?.trim() ?? '';
  const { isLoggedIn } = useSession();
  const payInfo = usePayInfo(depositNo);

  if (!depositNo) return <EmptyState title="缺少订单号" />;
  // /payInfo is a public route (docs/member-app.md "Screens and routes"), but a deposit is only shown to its member: a visitor is asked to sign in
  // and comes back here, as the member screens do, instead of waiting on a call that is never made.
  if (!isLoggedIn) {
    const back = encodeURIComponent(`/payInfo?deposit_no=${depositNo}`);
    return (
      <EmptyState title="登录后查看订单信息">
        <Link className="pill-button large" to={`/login?redirect=${back}`}>
          {FIRST_SCREEN_MSG.goLogin}
        </Link>
      </EmptyState>
    );
  }
  if (payInfo.isPending) return <PageLoading />;
  if (!payInfo.data) {
    return <LoadFailed title="订单信息加载失败" onRetry={() => payInfo.refetch()} />;
  }
  return <PayInfoView data={payInfo.data} />;
}

function PayInfoView({ data }: { data: PayInfo & { paytype: string } }) {
  const { info, cardlist } = data;
  const isUsdt = data.paytype === 'usdtpay';
  const protocol = textOf(info.catepay);
  const payUrl = textOf(info.pay_url) || textOf(cardlist.find((c) => textOf(c.pay_url))?.pay_url);
  const payType = PAY_TYPE_LABEL[data.paytype] ?? data.paytype;
  const state = typeof info.state === 'number' ? info.state : DEPOSIT_PENDING;
  const status = typeof info.status === 'string' ? (info.status as DepositStatus) : undefined;
  const deadline = paymentDeadline(info.created_at);
  const left = useCountdown(status === 'awaiting_payment' ? deadline : null);
  // A gateway order open for payment whose countdown has just run out is expired here too, as the server now says.
  const lapsed = status === 'expired' || (status === 'awaiting_payment' && deadline !== null && left <= 0);
  const open = state === DEPOSIT_PENDING && !lapsed;
  // A gateway deposit lists no receiving account: the member pays on the gateway's page.
  const paysAtGateway = Boolean(payUrl) && cardlist.length === 0;

  return (
    <main className="page pay-page" aria-label="支付信息">
      {open ? (
        <Countdown createdAt={info.created_at} />
      ) : (
        <SettledState state={state} status={lapsed ? 'expired' : status} />
      )}

      <PayCard titleId="order-title" title="订单信息">
        <dl className="pay-rows">
          <div className="pay-row">
            <dt>订单号</dt>
            <dd>
              <span className="pay-row-value">{data.deposit_no}</span>
              <CopyButton text={data.deposit_no} label="订单号" />
            </dd>
          </div>
          <div className="pay-row">
            <dt>存款金额</dt>
            <dd>
              <output className="pay-strong" aria-label="存款金额">
                ¥{formatMoney(info.amount)}
              </output>
            </dd>
          </div>
          <div className="pay-row">
            <dt>支付方式</dt>
            <dd data-testid="pay-type">{protocol ? `${payType}-${protocol}` : payType}</dd>
          </div>
          {isUsdt && <UsdtRows info={info} />}
          <div className="pay-row">
            <dt>创建时间</dt>
            <dd>{info.created_at}</dd>
          </div>
        </dl>
      </PayCard>

      <PayCard titleId="collect-title" title="收款信息">
        {lapsed ? (
          <p className="pay-hint">订单已超过支付时限，请勿再向该订单付款。如需存款，请重新提交。</p>
        ) : paysAtGateway && open ? (
          <p className="pay-hint">请点击下方“前往支付”，在支付页面完成付款，付款成功后自动到账。</p>
        ) : cardlist.length === 0 ? (
          <p className="pay-hint">{state === DEPOSIT_PENDING ? '暂无收款信息，请联系客服' : '该订单已处理'}</p>
        ) : (
          <ul className="column-list pay-accounts">
            {cardlist.map((card, index) => (
              <CollectEntry key={`${card.mch_id}-${index}`} card={card} isUsdt={isUsdt} />
            ))}
          </ul>
        )}
      </PayCard>

      {payUrl && open && (
        <a className="pay-go adm-button adm-button-primary adm-button-block adm-button-large" href={payUrl}>
          前往支付
        </a>
      )}
      {lapsed && (
        <Link className="pay-go adm-button adm-button-primary adm-button-block adm-button-large" to="/recharge">
          重新存款
        </Link>
      )}
      {open && (
        <p className="pay-note">
          {isUsdt
            ? '请务必使用与上方一致的协议转账，转账金额请与订单USDT数量一致，否则可能无法到账。'
            : '请在倒计时结束前完成支付，付款后请耐心等待到账。'}
        </p>
      )}
      {/* A deposit that is done (credited, or closed) has nothing left to pay: where to go next instead. */}
      {!open && !lapsed && (
        <nav className="pay-next" aria-label="下一步">
          <Link className="adm-button adm-button-primary adm-button-block adm-button-large" to="/">
            返回首页
          </Link>
          <Link className="adm-button adm-button-default adm-button-block adm-button-large" to="/transRecord?type=1">
            查看存款记录
          </Link>
        </nav>
      )}
    </main>
  );
}

function UsdtRows({ info }: { info: Info }) {
  const usdtAmount = textOf(info.usdt_amount);
  const rate = textOf(info.usdtrate);
  return (
    <>
      {usdtAmount && (
        <div className="pay-row">
          <dt>应付USDT</dt>
          <dd>
            <output className="pay-strong" aria-label="应付USDT">
              {usdtAmount}
            </output>
            <CopyButton text={usdtAmount} label="USDT数量" />
          </dd>
        </div>
      )}
      {rate && (
        <div className="pay-row">
          <dt>汇率</dt>
          <dd>1 USDT ≈ {rate} 元</dd>
        </div>
      )}
    </>
  );
}

function CollectEntry({ card, isUsdt }: { card: CardEntry; isUsdt: boolean }) {
  const addressLabel = isUsdt ? '收款地址' : '收款账号';
  return (
    <li className="pay-account">
      <dl className="pay-rows">
        <div className="pay-row">
          <dt>{addressLabel}</dt>
          <dd>
            <span className="pay-row-value pay-address">{card.mch_id}</span>
            {card.mch_id && <CopyButton text={card.mch_id} label={addressLabel} />}
          </dd>
        </div>
        {card.content && (
          <div className="pay-row">
            <dt>{isUsdt ? '协议' : '备注'}</dt>
            <dd>{card.content}</dd>
          </div>
        )}
      </dl>
      {card.payimg && <img className="pay-qr" src={card.payimg} alt={`${addressLabel}二维码`} loading="lazy" />}
    </li>
  );
}

/** docs/member-app.md "States and transitions" deposit states: 1 pending, 2 credited, 3 rejected or closed. */
const DEPOSIT_PENDING = 1;
const DEPOSIT_CREDITED = 2;

/** Beside the state, what the member should know. */
const STATUS_NOTE: Partial<Record<DepositStatus, string>> = {
  expired: '支付时间已结束，该订单已失效',
  late_review: '款项在订单关闭后到达，正在等待财务确认，确认后自动入账',
};

/**
 * What a deposit that is no longer waiting for payment came to, in place of the countdown: the server's status
 * (已到账, 已过期, 到账审核中, 审核拒绝), or from the state (docs/member-app.md "States and transitions") alone when an older answer carries none.
 */
function SettledState({ state, status }: { state: number; status: DepositStatus | undefined }) {
  const text =
    status && status !== 'awaiting_payment' && status !== 'pending_review'
      ? DEPOSIT_STATUS[status]
      : state === DEPOSIT_CREDITED
        ? '已到账'
        : '订单已关闭';
  const note = status ? STATUS_NOTE[status] : undefined;
  return (
    <section className={text === '已到账' ? 'pay-countdown' : 'pay-countdown expired'} aria-label="订单状态">
      <p className="pay-countdown-caption">订单状态</p>
      <p className="pay-countdown-clock" role="status">
        {text}
      </p>
      {note && <p className="pay-countdown-caption">{note}</p>}
    </section>
  );
}

/** docs/member-app.md "States and transitions": a 60-minute window from the deposit's creation (a Beijing-time stamp); stops at 00:00. */
function Countdown({ createdAt }: { createdAt: string }) {
  const left = useCountdown(paymentDeadline(createdAt));
  const expired = left <= 0;
  return (
    <section className={expired ? 'pay-countdown expired' : 'pay-countdown'} aria-label="支付倒计时">
      <p className="pay-countdown-caption">{expired ? '支付时间已结束' : '请在以下时间内完成支付'}</p>
      <time className="pay-countdown-clock" role="timer" aria-label="剩余支付时间" data-testid="countdown">
        {formatCountdown(left)}
      </time>
    </section>
  );
}
