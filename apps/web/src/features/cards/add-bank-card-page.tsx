import { MSG } from '@h5/contract/messages';
import { validateBankCard } from '@h5/contract/validation';
import { Toast } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useUserInfo } from '../../shared/session/hooks';
import { SubmitButton, TextInputField } from '../../shared/ui/form-field';
import { OptionSheet } from '../../shared/ui/option-sheet';
import { useSubmitOnce } from '../../shared/ui/submit-once';
import { useBankList, useBindCard } from './api';
import { useAfterBind } from './return-after-bind';
import './cards.css';
import '../../shared/ui/card-surface.css';

const EMPTY = { bank_owner: '', bank: '', bank_no: '', bank_address: '', pay_pass: '' };

/** /addBankCard (docs/member-app.md "Screens and routes" and "Validation rules"): cardholder, bank from /api/banklist, card number, branch and payment password. */
export function AddBankCardPage() {
  const afterBind = useAfterBind('/wallet?type=2');
  const bind = useBindCard();
  const banks = useBankList();
  const [form, setForm] = useState(EMPTY);
  // The cardholder is the registered real name until the member types another (a card in one's own name).
  const realname = useUserInfo().data?.realname ?? '';
  const [ownerEdited, setOwnerEdited] = useState(false);
  const filled = ownerEdited ? form : { ...form, bank_owner: realname };
  const [picking, setPicking] = useState(false);
  const submitOnce = useSubmitOnce();

  const field = (key: keyof typeof EMPTY) => ({
    look: 'cards' as const,
    id: `bank-card-${key}`,
    value: filled[key],
    autoComplete: 'off',
    onChange: (value: string) => {
      if (key === 'bank_owner') setOwnerEdited(true);
      setForm((f) => ({ ...f, [key]: value }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    return submitOnce({
      check: () => validateBankCard(filled),
      send: async () => {
        await bind.mutateAsync({
          bank: filled.bank.trim(),
          bank_owner: filled.bank_owner.trim(),
          bank_address: filled.bank_address.trim(),
          bank_no: filled.bank_no.trim(),
          pay_pass: filled.pay_pass,
        });
        Toast.show({ icon: 'success', content: MSG.bindOk });
        afterBind();
      },
    });
  };

  const options = (banks.data ?? []).map((b) => ({ value: b.bank_name, label: b.bank_name }));

  return (
    <main className="page cards-page" aria-label="添加银行卡">
      <form className="cards-form card-surface" aria-label="添加银行卡" onSubmit={(e) => void submit(e)} noValidate>
        <TextInputField label="持卡人姓名" placeholder={MSG.bankOwnerRequired} {...field('bank_owner')} />
        <div className="cards-field">
          <span className="cards-label" id="bank-card-bank-label">
            开户银行
          </span>
          <button
            type="button"
            className="cards-picker"
            aria-haspopup="dialog"
            aria-label={`开户银行：${form.bank || '请选择'}`}
            onClick={() => setPicking(true)}
          >
            <span className={form.bank ? '' : 'cards-placeholder'}>{form.bank || '请选择银行'}</span>
          </button>
        </div>
        <TextInputField label="银行卡号" placeholder="请输入银行卡号" inputMode="numeric" {...field('bank_no')} />
        <TextInputField label="开户行地址" placeholder={MSG.bankAddressRequired} {...field('bank_address')} />
        <TextInputField label="支付密码" type="password" placeholder="请输入支付密码" {...field('pay_pass')} />
        <SubmitButton busy={bind.isPending}>确认绑定</SubmitButton>
      </form>
      <OptionSheet
        title="选择银行"
        visible={picking}
        options={options}
        value={form.bank}
        onSelect={(bank) => setForm((f) => ({ ...f, bank }))}
        onClose={() => setPicking(false)}
      />
    </main>
  );
}
