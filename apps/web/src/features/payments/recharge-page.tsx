import type { ReceivingBank } from '@h5/contract';
import { DEFAULT_DEPOSIT_RANGE, type UsdtProtocol } from '@h5/contract/codes';
import { MSG } from '@h5/contract/messages';
import { usdtAmount, validateDeposit } from '@h5/contract/validation';
import { Button, Dialog, Toast } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '../../shared/router/router';
import { useUserInfo } from '../../shared/session/hooks';
import { ChoiceGroup, UsdtProtocolChoice } from '../../shared/ui/choice-group';
import { SubmitButton, TextInputField } from '../../shared/ui/form-field';
import { useSubmitOnce } from '../../shared/ui/submit-once';
import { PageLoading } from '../../shared/ui/page-loading';
import {
  enabledPayWays,
  PAY_WAY_LABEL,
  payRangeType,
  rechargePayType,
  useBoundCards,
  usePayBanks,
  usePayRange,
  usePayWays,
  useRecharge,
  type PayWay,
  type RechargeInput,
} from './api';
import { CopyButton } from './copy-button';
import './payments.css';
import { dialogName } from '../../shared/ui/dialogs';
import '../../shared/ui/lists.css';
import { Detail } from '../../shared/ui/detail';
import { PayAmountCard } from './pay-amount-card';
import { PayCard } from './pay-card';

const QUICK_AMOUNTS = [100, 500, 1000, 5000, 10000];

/** A getPayRange answer in yuan; docs/member-app.md "Constants and limits": 100-10000 until it loads (or when it fails). */
function useRange(type: string) {
  const range = usePayRange(type);
  const min = Number.parseFloat(range.data?.min_price ?? '');
  const max = Number.parseFloat(range.data?.max_price ?? '');
  return Number.isFinite(min) && Number.isFinite(max) ? { min, max } : DEFAULT_DEPOSIT_RANGE;
}

/** /recharge (docs/member-app.md "Screens and routes", "Validation rules" and "Server calls"): pick a pay way, an amount in its range; bank transfers also name the depositor. */
export function RechargePage() {
  const ways = usePayWays();
  if (ways.isPending) return <PageLoading />;
  return <RechargeForm ways={enabledPayWays(ways.data)} />;
}

function RechargeForm({ ways }: { ways: PayWay[] }) {
  const navigate = useNavigate();
  const user = useUserInfo();
  const recharge = useRecharge();
  const [chosen, setChosen] = useState<PayWay | null>(null);
  const way = chosen ?? ways[0] ?? 'manual';
  const [protocol, setProtocol] = useState<UsdtProtocol>('TRC20');
  const { min, max } = useRange(payRangeType(way, protocol));
  const [amount, setAmount] = useState('');
  const [depositor, setDepositor] = useState({ name: '', bank: '', bankNo: '', bankAddress: '' });
  const submitOnce = useSubmitOnce();
  const isBank = way === 'bank';
  const isUsdt = way === 'usdt';
  const isManual = way === 'manual';
  const usdtRate = user.data?.usdtrate ?? '';

  const send = async () => {
    const body: RechargeInput = { paytype: rechargePayType(way), amount: amount.trim() };
    if (isBank) {
      Object.assign(body, {
        bank_owner: depositor.name.trim(),
        bank: depositor.bank.trim(),
        bank_no: depositor.bankNo.trim(),
        bank_address: depositor.bankAddress.trim(),
      });
    }
    if (isUsdt) body.catepay = protocol;
    const depositNo = await recharge.mutateAsync(body);
    if (isBank) {
      // docs/member-app.md "States and transitions": a bank transfer waits for back-office review; the member follows it in the records.
      Toast.show({ icon: 'success', content: MSG.submittedForReview });
      void navigate('/transRecord?type=1');
    } else {
      void navigate(`/payInfo?deposit_no=${encodeURIComponent(depositNo)}`);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = () =>
      validateDeposit({
        amount: amount.trim(),
        min,
        max,
        paytype: way,
        depositorName: depositor.name,
        bank: depositor.bank,
        bankNo: depositor.bankNo,
        bankAddress: depositor.bankAddress,
      });
    return submitOnce({ check, send });
  };

  const field = (key: keyof typeof depositor) => ({
    look: 'pay' as const,
    id: `depositor-${key}`,
    value: depositor[key],
    onChange: (value: string) => setDepositor((d) => ({ ...d, [key]: value })),
  });

  return (
    <main className="page pay-page" aria-label="存款">
      <NoCardsDialog />
      <form aria-label="存款" onSubmit={(e) => void submit(e)} noValidate className="pay-form">
        <PayCard titleId="pay-way-title" title="支付方式">
          <ChoiceGroup
            label="支付方式"
            className="pay-ways"
            choices={ways.map((w) => ({ value: w, label: PAY_WAY_LABEL[w] }))}
            value={way}
            onChange={setChosen}
          />
          {isUsdt && (
            <UsdtProtocolChoice
              caption="协议类型"
              className="pay-protocol"
              look="pay"
              value={protocol}
              onChange={setProtocol}
            />
          )}
        </PayCard>

        {isManual ? (
          <ManualDeposit />
        ) : (
          <>
            {isBank && <ReceivingAccounts />}

            <PayAmountCard
              title="存款金额"
              titleId="pay-amount-title"
              id="deposit-amount"
              placeholder={`单笔${min}-${max}元`}
              value={amount}
              onChange={setAmount}
            >
              <p className="pay-hint" data-testid="deposit-range">
                单笔限额 {min} - {max} 元
              </p>
              <div className="pay-quick" role="group" aria-label="快捷金额">
                {QUICK_AMOUNTS.filter((q) => q >= min && q <= max).map((q) => (
                  <button
                    key={q}
                    type="button"
                    className={amount === String(q) ? 'pay-quick-item selected' : 'pay-quick-item'}
                    onClick={() => setAmount(String(q))}
                  >
                    {q}
                  </button>
                ))}
              </div>
              {isUsdt && (
                <dl className="pay-usdt" aria-label="USDT换算">
                  <Detail term="参考汇率">1 USDT ≈ {usdtRate || '--'} 元</Detail>
                  <Detail term="需支付">
                    <output aria-label="需支付USDT" className="pay-usdt-amount">
                      {usdtRate ? usdtAmount(amount.trim(), usdtRate) : '0.00'}
                    </output>{' '}
                    USDT
                  </Detail>
                </dl>
              )}
            </PayAmountCard>

            {isBank && (
              <PayCard titleId="depositor-title" title="存款人信息">
                <div className="pay-fields">
                  <TextInputField label="存款人姓名" placeholder={MSG.depositorNameRequired} {...field('name')} />
                  <TextInputField label="银行类型" placeholder={MSG.depositBankRequired} {...field('bank')} />
                  <TextInputField
                    label="银行卡号"
                    placeholder={MSG.depositBankNoRequired}
                    inputMode="numeric"
                    {...field('bankNo')}
                  />
                  <TextInputField
                    label="开户行地址"
                    placeholder={MSG.depositBankAddressRequired}
                    {...field('bankAddress')}
                  />
                </div>
              </PayCard>
            )}

            <SubmitButton className="pay-submit" busy={recharge.isPending}>
              {isBank ? '提交存款' : '立即存款'}
            </SubmitButton>
            <p className="pay-note">温馨提示：请按页面显示的金额与收款信息付款，到账时间以后台审核为准。</p>
          </>
        )}
      </form>
    </main>
  );
}

/** docs/member-app.md "Messages and errors": with no bank card and no USDT address bound, a modal points to the wallet page. */
function NoCardsDialog() {
  const navigate = useNavigate();
  const usdt = useBoundCards('usdt');
  const bank = useBoundCards('bank');
  const [dismissed, setDismissed] = useState(false);
  const none = usdt.data?.length === 0 && bank.data?.length === 0;
  return (
    <Dialog
      {...dialogName(MSG.tipTitle)}
      visible={none && !dismissed}
      title={MSG.tipTitle}
      content={MSG.noCardsBound}
      closeOnAction
      onClose={() => setDismissed(true)}
      actions={[
        [
          { key: 'later', text: '稍后再说' },
          { key: 'bind', text: '前往绑定', bold: true, onClick: () => void navigate('/wallet') },
        ],
      ]}
    />
  );
}

/** The manual option of docs/member-app.md "Server calls": no form of its own, the deposit is arranged with customer service. */
function ManualDeposit() {
  const navigate = useNavigate();
  return (
    <PayCard titleId="manual-title" title="人工充值">
      <p className="pay-hint">由在线客服为您办理存款：告诉客服您的账号和存款金额，客服会提供收款方式并为您跟进到账。</p>
      <Button block color="primary" className="pay-submit" onClick={() => void navigate('/gamePage?dailiD=2')}>
        联系在线客服
      </Button>
    </PayCard>
  );
}

/** Where a bank transfer goes (getpaybank), each field with a copy button. */
function ReceivingAccounts() {
  const banks = usePayBanks(true);
  if (banks.isPending) return <PageLoading label="收款账户加载中" />;
  const list = banks.data ?? [];
  return (
    <PayCard titleId="receiving-title" title="收款账户">
      {list.length === 0 ? (
        <p className="pay-hint">暂无可用的收款账户，请联系客服</p>
      ) : (
        <ul className="column-list pay-accounts">
          {list.map((account) => (
            <ReceivingAccount key={account.id} account={account} />
          ))}
        </ul>
      )}
    </PayCard>
  );
}

function ReceivingAccount({ account }: { account: ReceivingBank }) {
  const rows = [
    { label: '收款银行', value: account.bank_data.bank_name },
    { label: '收款人', value: account.bank_owner },
    { label: '收款账号', value: account.bank_no },
    { label: '开户行', value: account.bank_address },
  ];
  return (
    <li className="pay-account">
      <dl className="pay-rows">
        {rows.map((row) => (
          <div key={row.label} className="pay-row">
            <dt>{row.label}</dt>
            <dd>
              <span className="pay-row-value">{row.value}</span>
              {row.value && <CopyButton text={row.value} label={row.label} />}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
