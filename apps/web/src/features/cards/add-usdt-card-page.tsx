import { USDT_BANK, type UsdtProtocol } from '@h5/contract/codes';
import { MSG } from '@h5/contract/messages';
import { validateUsdtCard } from '@h5/contract/validation';
import { Toast } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { Link } from '../../shared/router/router';
import { UsdtProtocolChoice } from '../../shared/ui/choice-group';
import { SubmitButton, TextInputField } from '../../shared/ui/form-field';
import { useSubmitOnce } from '../../shared/ui/submit-once';
import { useBindCard } from './api';
import { useAfterBind } from './return-after-bind';
import './cards.css';
import '../../shared/ui/card-surface.css';

/** /addUsdtCard (docs/member-app.md "Screens and routes" and "Validation rules"): protocol (TRC20 default), address and payment password. */
export function AddUsdtCardPage() {
  const afterBind = useAfterBind('/wallet?type=1');
  const bind = useBindCard();
  const [protocol, setProtocol] = useState<UsdtProtocol>('TRC20');
  const [address, setAddress] = useState('');
  const [payPass, setPayPass] = useState('');
  const submitOnce = useSubmitOnce();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    return submitOnce({
      check: () => validateUsdtCard({ address, protocol, pay_pass: payPass }),
      send: async () => {
        await bind.mutateAsync({
          bank: USDT_BANK,
          bank_owner: protocol,
          bank_address: '',
          bank_no: address.trim(),
          pay_pass: payPass,
        });
        Toast.show({ icon: 'success', content: MSG.bindOk });
        afterBind();
      },
    });
  };

  return (
    <main className="page cards-page" aria-label="添加USDT地址">
      <form className="cards-form card-surface" aria-label="添加USDT地址" onSubmit={(e) => void submit(e)} noValidate>
        <UsdtProtocolChoice
          caption="钱包协议"
          className="cards-field"
          look="cards"
          value={protocol}
          onChange={setProtocol}
        >
          <Link className="cards-more" to="/usdtmore">
            TRC20 与 ERC20 有什么区别？
          </Link>
        </UsdtProtocolChoice>
        {/* Not the usual 32: a TRC20 address has 34 characters and an ERC20 one 42. */}
        <TextInputField
          look="cards"
          id="usdt-address"
          label="USDT地址"
          placeholder={MSG.usdtAddressRequired}
          maxLength={128}
          autoComplete="off"
          value={address}
          onChange={setAddress}
        />
        <TextInputField
          look="cards"
          id="usdt-pay-pass"
          label="支付密码"
          type="password"
          placeholder="请输入支付密码"
          autoComplete="off"
          value={payPass}
          onChange={setPayPass}
        />
        <p className="cards-note">请仔细核对地址与协议，协议不一致的转账可能无法找回。</p>
        <SubmitButton busy={bind.isPending}>确认绑定</SubmitButton>
      </form>
    </main>
  );
}
