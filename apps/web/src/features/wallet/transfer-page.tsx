import type { Venue } from '@h5/contract';
import { VENUE_WALLET } from '@h5/contract/codes';
import { validateTransfer } from '@h5/contract/validation';
import { Switch, Toast } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { formatMoney } from '../../shared/format';
import { AmountInput, SubmitButton } from '../../shared/ui/form-field';
import { useActionKey, useSubmitOnce } from '../../shared/ui/submit-once';
import { OptionSheet, type SheetOption } from '../../shared/ui/option-sheet';
import { PageLoading } from '../../shared/ui/page-loading';
import { useSetAutoTransfer, useTransfer, useVenueBalances, VENUE_POLL_MS } from './api';
import { useWalletTotals, VenueGrid, WalletSplit } from './wallet-summary';
import './wallet.css';
import { LineIcon } from '../../shared/ui/line-icon';
import '../../shared/ui/card-surface.css';

const CENTRAL_NAME = '中心钱包';

/** /transfer (docs/member-app.md "Screens and routes"): the auto-transfer switch and, while it is off, the manual transfer form. */
export function TransferPage() {
  const venues = useVenueBalances({ pollMs: VENUE_POLL_MS.transfer });
  const { central, game, user } = useWalletTotals(venues.data);
  const setAuto = useSetAutoTransfer();
  const autoOn = user.data?.transferstatus === 1;

  const toggle = (checked: boolean) => {
    if (setAuto.isPending) return;
    setAuto.mutate(checked ? 1 : 0, {
      onSuccess: ({ message }) => Toast.show({ icon: 'success', content: message }),
    });
  };

  return (
    <main className="page wallet-page" aria-label="额度转换">
      <section className="wallet-hero compact" aria-label="钱包余额">
        <WalletSplit central={central} game={game} />
      </section>

      <section className="wallet-card card-surface auto-transfer" aria-label="自动转换">
        <div className="auto-transfer-row">
          <div>
            <p className="auto-transfer-title" id="auto-transfer-label">
              自动转换
            </p>
            <p className="auto-transfer-hint">进入游戏时余额自动转入场馆</p>
          </div>
          {/* antd-mobile's Switch is a div: focusable through tabIndex, toggled by Space or Enter from here. */}
          <span
            className="auto-transfer-switch"
            onKeyDown={(event) => {
              if (event.key !== ' ' && event.key !== 'Enter') return;
              event.preventDefault();
              if (user.data) toggle(!autoOn);
            }}
          >
            <Switch
              aria-label="自动转换"
              tabIndex={0}
              checked={autoOn}
              loading={setAuto.isPending}
              disabled={!user.data}
              onChange={toggle}
            />
          </span>
        </div>
        {autoOn && (
          <p className="auto-transfer-note" role="note">
            自动转换已开启：进入游戏时，中心钱包余额将自动转入该游戏场馆，无需手动转账；需要取回时可在我的钱包使用一键回收。
          </p>
        )}
      </section>

      {!user.data ? <PageLoading /> : !autoOn && <TransferForm venues={venues.data} central={central} />}

      <section className="wallet-venues" aria-labelledby="transfer-venues-title">
        <header className="wallet-section-head">
          <h2 id="transfer-venues-title">场馆余额</h2>
        </header>
        <VenueGrid venues={venues.data} loading={venues.isPending} failed={venues.isError} />
      </section>
    </main>
  );
}

type Side = 'from' | 'to';

function TransferForm({ venues, central }: { venues: readonly Venue[] | undefined; central: number }) {
  const transfer = useTransfer();
  const [from, setFrom] = useState<string>(VENUE_WALLET);
  const [chosenTo, setTo] = useState<string>('');
  const [amount, setAmount] = useState('');
  const [picking, setPicking] = useState<Side | null>(null);
  const actionKey = useActionKey();
  const submitOnce = useSubmitOnce();

  const to = chosenTo || venues?.[0]?.platname || '';
  const nameOf = (code: string) =>
    code === VENUE_WALLET ? CENTRAL_NAME : (venues?.find((v) => v.platname === code)?.name ?? code);
  const balanceOf = (code: string) =>
    code === VENUE_WALLET ? central : Number.parseFloat(venues?.find((v) => v.platname === code)?.balance ?? '0') || 0;

  const options: SheetOption<string>[] = [
    { value: VENUE_WALLET, label: CENTRAL_NAME, extra: formatMoney(central) },
    ...(venues ?? []).map((v) => ({ value: v.platname, label: v.name, extra: formatMoney(v.balance) })),
  ];

  // Picking the wallet already on the other side swaps the two.
  const pick = (side: Side, value: string) => {
    actionKey.drop();
    if (side === 'from') {
      if (value === to) setTo(from);
      setFrom(value);
    } else {
      if (value === from) setFrom(to);
      setTo(value);
    }
  };
  const swap = () => {
    actionKey.drop();
    setFrom(to);
    setTo(from);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { amount: amount.trim(), sourcetype: from, targettype: to };
    return submitOnce({
      check: () => validateTransfer(body),
      send: async () => {
        const message = await transfer.mutateAsync({ ...body, idempotencyKey: actionKey.take() });
        actionKey.drop();
        setAmount('');
        Toast.show({ icon: 'success', content: message });
      },
      // The client has shown a server message; after a transport failure tapping again retries the same action.
      failed: actionKey.failed,
    });
  };

  return (
    <form
      className="wallet-card card-surface transfer-form"
      aria-label="手动转账"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <div className="transfer-route">
        <WalletButton side="from" name={nameOf(from)} balance={balanceOf(from)} onOpen={() => setPicking('from')} />
        <button type="button" className="transfer-swap" aria-label="交换转出和转入钱包" onClick={swap}>
          <LineIcon d="M4 8h14l-4-4M20 16H6l4 4" size={20} strokeWidth={2} cap="round" join="round" />
        </button>
        <WalletButton
          side="to"
          name={to ? nameOf(to) : '请选择'}
          balance={balanceOf(to)}
          onOpen={() => setPicking('to')}
        />
      </div>

      <label htmlFor="transfer-amount" className="transfer-label">
        转账金额
      </label>
      <AmountInput
        look="transfer"
        id="transfer-amount"
        placeholder="请输入转账金额"
        value={amount}
        onChange={actionKey.editing(setAmount)}
        all={formatMoney(balanceOf(from))}
      />

      <SubmitButton className="transfer-submit" busy={transfer.isPending}>
        立即转账
      </SubmitButton>

      <OptionSheet
        title={picking === 'to' ? '选择转入钱包' : '选择转出钱包'}
        visible={picking !== null}
        options={options}
        value={picking === 'to' ? to : from}
        onSelect={(value) => {
          if (picking) pick(picking, value);
        }}
        onClose={() => setPicking(null)}
      />
    </form>
  );
}

function WalletButton({
  side,
  name,
  balance,
  onOpen,
}: {
  side: Side;
  name: string;
  balance: number;
  onOpen: () => void;
}) {
  const caption = side === 'from' ? '转出钱包' : '转入钱包';
  return (
    <button
      type="button"
      className="transfer-wallet"
      aria-label={`${caption}：${name}`}
      aria-haspopup="dialog"
      data-side={side}
      onClick={onOpen}
    >
      <span className="transfer-wallet-caption">{caption}</span>
      <strong className="transfer-wallet-name">{name}</strong>
      <span className="transfer-wallet-balance">¥{formatMoney(balance)}</span>
    </button>
  );
}
