import type { Card, UserInfo } from '@h5/contract';
import { USDT_BANK } from '@h5/contract/codes';
import { MSG } from '@h5/contract/messages';
import { usdtReceipt, validateWithdrawal } from '@h5/contract/validation';
import { Toast } from 'antd-mobile';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from '../../shared/router/router';
import { formatMoney } from '../../shared/format';
import { useBalance, useUserInfo } from '../../shared/session/hooks';
import { SubmitButton, TextInputField } from '../../shared/ui/form-field';
import { useActionKey, useSubmitOnce } from '../../shared/ui/submit-once';
import { PageLoading } from '../../shared/ui/page-loading';
import {
  CardKindTabs,
  cardKindTab,
  preferredCardKind,
  useCardKind,
  type CardKind,
} from '../../shared/ui/card-kind-tabs';
import { useBetAmount, useBoundCards, useWithdraw, useWithdrawalVenues } from './api';
import './payments.css';
import '../../shared/ui/choice-group.css';
import { Detail } from '../../shared/ui/detail';
import { PayAmountCard } from './pay-amount-card';
import { PayCard } from './pay-card';
import '../../shared/ui/card-surface.css';

/** docs/member-app.md "Constants and limits": after a withdrawal request the member goes to the records after 1.5 s. */
export const REDIRECT_AFTER_WITHDRAWAL_MS = 1500;

/**
 * Bets at a transfer-wallet venue count toward turnover once the server pulls the venue's settled bets, every
 * minute by default (the server's BET_PULL_INTERVAL_SECONDS, 60).
 */
export const TURNOVER_DELAY_NOTE = '刚结算的投注约1分钟后计入打码量（场馆注单同步后），届时此处的打码量随之减少。';

/** Where binding a card begun here returns: this screen, on the tab of the card's kind. */
export interface ReturnTo {
  returnTo: string;
}

/** The protocol fee of a USDT address (docs/wire-rules.md "Wire details": withdrawcashfee is ERC20's, withdrawfeeusdttrc TRC20's). */
export function usdtFee(user: Pick<UserInfo, 'withdrawcashfee' | 'withdrawfeeusdttrc'>, protocol: string): string {
  return protocol.toUpperCase() === 'ERC20' ? user.withdrawcashfee : user.withdrawfeeusdttrc;
}

function cardName(card: Card): string {
  return card.bank === USDT_BANK ? `USDT-${card.bank_owner}` : card.bank;
}

/** /withdrawal (docs/member-app.md "Screens and routes"): a USDT tab (type 1) and a bank card tab (type 2). */
export function WithdrawalPage() {
  // Without a ?type, the tab of the kind the member has a card of (the cards of both kinds are read first).
  const usdtCards = useBoundCards('usdt');
  const bankCards = useBoundCards('bank');
  const { kind, named, choose } = useCardKind(preferredCardKind(usdtCards.data, bankCards.data));
  const decided = named || (!usdtCards.isPending && !bankCards.isPending);
  const venues = useWithdrawalVenues();
  const balance = useBalance();
  const user = useUserInfo();
  const betAmount = useBetAmount();
  const central = balance.data ?? user.data?.balance ?? '0';
  const venueTotal = (venues.data ?? []).reduce(
    (sum, v) => sum + Math.round(Number.parseFloat(v.balance) * 100 || 0),
    0,
  );

  return (
    <main className="page pay-page" aria-label="取款">
      <section className="pay-hero" aria-label="账户余额">
        <div>
          <span className="pay-hero-caption">中心钱包</span>
          <output className="pay-hero-amount" aria-label="中心钱包余额">
            {formatMoney(central)}
          </output>
        </div>
        <div>
          <span className="pay-hero-caption">场馆余额</span>
          <output className="pay-hero-sub" aria-label="场馆余额合计">
            {formatMoney(venueTotal / 100)}
          </output>
        </div>
        <p className="pay-hero-note">只有中心钱包的余额可以取款，场馆内的余额请先转回中心钱包。</p>
      </section>

      {decided && <CardKindTabs kind={kind} onChoose={choose} />}

      <dl className="pay-card card-surface pay-turnover">
        <div className="pay-row">
          <dt>提现还需打码量</dt>
          <dd>
            <output aria-label="提现还需打码量">
              {betAmount.data === undefined ? '--' : formatMoney(betAmount.data)}
            </output>
          </dd>
        </div>
      </dl>
      <p className="pay-hint pay-turnover-note">{TURNOVER_DELAY_NOTE}</p>

      {decided ? (
        <WithdrawalForm
          key={kind}
          kind={kind}
          user={user.data}
          central={central}
          // The tab goes into the address first, so coming back from binding opens it again.
          onBindStart={() => choose(cardKindTab(kind))}
        />
      ) : (
        <PageLoading />
      )}
    </main>
  );
}

function WithdrawalForm({
  kind,
  user,
  central,
  onBindStart,
}: {
  kind: CardKind;
  user: UserInfo | undefined;
  central: string;
  onBindStart: () => void;
}) {
  const navigate = useNavigate();
  const cards = useBoundCards(kind);
  const withdraw = useWithdraw();
  const [picked, setCardId] = useState<number | null>(null);
  // The only card of the kind is chosen already; with more, the member picks one.
  const cardId = picked ?? (cards.data?.length === 1 ? cards.data[0]!.id : null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const actionKey = useActionKey();
  const submitOnce = useSubmitOnce();
  const [redirecting, setRedirecting] = useState(false);
  const chosen = cards.data?.find((c) => c.id === cardId);
  const protocol = chosen?.bank_owner || 'TRC20';

  useEffect(() => {
    if (!redirecting) return undefined;
    const timer = setTimeout(() => void navigate('/transRecord?type=2'), REDIRECT_AFTER_WITHDRAWAL_MS);
    return () => clearTimeout(timer);
  }, [redirecting, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (redirecting) return;
    await submitOnce({
      check: () => validateWithdrawal({ kind, cardId: cardId ?? '', amount: amount.trim(), password }),
      send: async () => {
        await withdraw.mutateAsync({
          amount: amount.trim(),
          bank: cardId ?? 0,
          password,
          idempotencyKey: actionKey.take(),
        });
        actionKey.drop();
        Toast.show({ icon: 'success', content: MSG.submittedForReview });
        setRedirecting(true);
      },
      // A transport failure may have reached the server: the key is kept so a retry cannot withdraw twice.
      failed: actionKey.failed,
    });
  };

  const cardLabel = kind === 'usdt' ? 'USDT地址' : '银行卡';
  const addPath = kind === 'usdt' ? '/addUsdtCard' : '/addBankCard';

  return (
    <form className="pay-form" aria-label="取款" onSubmit={(e) => void submit(e)} noValidate>
      <PayCard titleId="withdraw-card-title" title={<>选择{cardLabel}</>}>
        {cards.isPending ? (
          <PageLoading />
        ) : (
          <div role="radiogroup" aria-label={`选择${cardLabel}`} className="pay-cards">
            {(cards.data ?? []).map((card) => (
              <button
                key={card.id}
                type="button"
                role="radio"
                aria-checked={card.id === cardId}
                aria-label={`${cardName(card)} 尾号${card.bank_not}`}
                className={card.id === cardId ? 'pay-bound choice-surface selected' : 'pay-bound choice-surface'}
                data-card-id={card.id}
                onClick={() => actionKey.editing(setCardId)(card.id)}
              >
                <span className="pay-bound-name">{cardName(card)}</span>
                <span className="pay-bound-no">**** {card.bank_not}</span>
              </button>
            ))}
            {(cards.data?.length ?? 0) === 0 && <p className="pay-hint">您还没有绑定{cardLabel}</p>}
            <Link
              className="pay-add-link"
              to={addPath}
              state={{ returnTo: `/withdrawal?type=${cardKindTab(kind)}` } satisfies ReturnTo}
              onClick={onBindStart}
            >
              + 添加{cardLabel}
            </Link>
          </div>
        )}
      </PayCard>

      <PayAmountCard
        title="取款金额"
        titleId="withdraw-amount-title"
        id="withdraw-amount"
        placeholder="单笔最低100元"
        value={amount}
        onChange={actionKey.editing(setAmount)}
        all={formatMoney(central)}
      >
        {kind === 'usdt' && user && (
          <dl className="pay-usdt" aria-label="USDT换算">
            <Detail term="参考汇率">1 USDT ≈ {user.withdrawusdtrate} 元</Detail>
            <Detail term={<>手续费（{protocol}）</>}>{usdtFee(user, protocol)} USDT</Detail>
            <Detail term="预计到账">
              <output aria-label="预计到账USDT" className="pay-usdt-amount">
                {usdtReceipt(amount.trim(), user.withdrawusdtrate, usdtFee(user, protocol))}
              </output>{' '}
              USDT
            </Detail>
          </dl>
        )}
      </PayAmountCard>

      <section className="pay-card card-surface">
        <TextInputField
          look="pay"
          id="withdraw-password"
          label="支付密码"
          type="password"
          autoComplete="off"
          placeholder="请输入支付密码"
          value={password}
          onChange={actionKey.editing(setPassword)}
        />
      </section>

      <SubmitButton className="pay-submit" busy={withdraw.isPending} disabled={redirecting}>
        立即取款
      </SubmitButton>
    </form>
  );
}
