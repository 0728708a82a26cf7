import { describe, expect, it } from 'vitest';
import {
  isChinaMobile,
  isEmail,
  isProfileMobile,
  usdtAmount,
  usdtCentsOf,
  usdtReceipt,
  validateAgentApplication,
  validateBankCard,
  validateDeposit,
  validateLogin,
  validatePasswordChange,
  validateProfile,
  validateRegister,
  validateTransfer,
  validateUsdtCard,
  validateWithdrawal,
} from './validation';

// Messages are written out literally (copied from docs/member-app.md "Validation rules"), so a changed constant fails here.

describe('validateRegister (docs/member-app.md "Register rules", rules 1 to 6 in order)', () => {
  const valid = {
    name: 'player01',
    password: 'secret1',
    confirmPass: 'secret1',
    realname: '张三',
    paypassword: '123456',
    code: 'ab12',
  };

  it('passes a complete form', () => {
    expect(validateRegister(valid)).toBeNull();
    expect(validateRegister(valid, { expectedCaptcha: 'AB12', strictUsername: true, agreed: true })).toBeNull();
  });

  it('answers each rule with its exact message', () => {
    expect(validateRegister({ ...valid, name: 'abcde' })).toBe(' 用户名长度6~16位，以字母或数字组合！');
    expect(validateRegister({ ...valid, password: '12345', confirmPass: '12345' })).toBe(
      '请输入正确的密码长度，最少6位！',
    );
    expect(validateRegister({ ...valid, confirmPass: '' })).toBe('两次密码不一致！');
    expect(validateRegister({ ...valid, confirmPass: 'secret2' })).toBe('两次密码不一致！');
    expect(validateRegister({ ...valid, realname: '张' })).toBe('请输入您的真实姓名!');
    expect(validateRegister({ ...valid, paypassword: '12345' })).toBe('请输入正确的支付密码长度，最少6位！');
    expect(validateRegister({ ...valid, code: '' })).toBe('请输入验证码！');
    expect(validateRegister({ ...valid, code: 'zz99' }, { expectedCaptcha: 'AB12' })).toBe('验证码错误！');
  });

  it('reports the earliest failing rule when several fail', () => {
    const allBad = { name: 'a', password: '1', confirmPass: '', realname: '', paypassword: '', code: '' };
    expect(validateRegister(allBad, { agreed: false })).toBe(' 用户名长度6~16位，以字母或数字组合！');
    expect(validateRegister({ ...allBad, name: 'player01' })).toBe('请输入正确的密码长度，最少6位！');
    expect(validateRegister({ ...allBad, name: 'player01', password: 'secret1' })).toBe('两次密码不一致！');
    expect(validateRegister({ ...valid, realname: '', paypassword: '', code: '' })).toBe('请输入您的真实姓名!');
    expect(validateRegister({ ...valid, paypassword: '', code: '' })).toBe('请输入正确的支付密码长度，最少6位！');
    expect(validateRegister({ ...valid, code: '' }, { agreed: false })).toBe('请输入验证码！');
  });

  it('compares the captcha case-insensitively', () => {
    expect(validateRegister({ ...valid, code: 'aB12' }, { expectedCaptcha: 'Ab12' })).toBeNull();
  });

  it('checks only the minimum username length unless strict', () => {
    const long = { ...valid, name: 'a'.repeat(20) };
    const odd = { ...valid, name: '玩家_player' };
    expect(validateRegister(long)).toBeNull();
    expect(validateRegister(odd)).toBeNull();
    expect(validateRegister(long, { strictUsername: true })).toBe(' 用户名长度6~16位，以字母或数字组合！');
    expect(validateRegister(odd, { strictUsername: true })).toBe(' 用户名长度6~16位，以字母或数字组合！');
    expect(validateRegister({ ...valid, name: 'a'.repeat(16) }, { strictUsername: true })).toBeNull();
  });

  it('asks for the terms after the six rules when agreed is false', () => {
    expect(validateRegister(valid, { agreed: false })).toBe('请阅读并同意相关条款和隐私协议！');
    expect(validateRegister(valid, { agreed: true })).toBeNull();
  });
});

describe('validateLogin', () => {
  it('requires name and password', () => {
    expect(validateLogin({ name: '', password: 'x' })).toBe('请输入您的账号和密码！');
    expect(validateLogin({ name: 'player01', password: '' })).toBe('请输入您的账号和密码！');
    expect(validateLogin({ name: undefined, password: undefined })).toBe('请输入您的账号和密码！');
    expect(validateLogin({ name: 'player01', password: 'x' })).toBeNull();
  });
});

describe('mobile and email patterns', () => {
  it('accepts the partner-application prefixes and number ranges', () => {
    for (const ok of [
      '13812345678',
      '15412345678',
      '17012345678',
      '14112345678',
      '8618812345678',
      '013812345678',
      '1795113812345678',
    ]) {
      expect(isChinaMobile(ok), ok).toBe(true);
    }
    for (const bad of ['12812345678', '1381234567', '138123456789', '16612345678', '+8613812345678', '']) {
      expect(isChinaMobile(bad), bad).toBe(false);
    }
  });

  it('uses the stricter profile pattern (no 154, only 17[678] and 14[57])', () => {
    for (const ok of ['13812345678', '15312345678', '17612345678', '14712345678', '8618812345678']) {
      expect(isProfileMobile(ok), ok).toBe(true);
    }
    for (const bad of ['15412345678', '17012345678', '14112345678', '19912345678']) {
      expect(isProfileMobile(bad), bad).toBe(false);
    }
  });

  it('accepts simple email addresses', () => {
    expect(isEmail('a.b+c@example.com')).toBe(true);
    expect(isEmail('user@mail.example.cn')).toBe(true);
    for (const bad of ['', 'a@b', '@example.com', 'a b@example.com', 'a@example.c'])
      expect(isEmail(bad), bad).toBe(false);
  });
});

describe('validateAgentApplication', () => {
  it('checks the mobile, then the reason', () => {
    expect(validateAgentApplication({ mobile: '123', apply_info: '' })).toBe('请输入正确手机号');
    expect(validateAgentApplication({ mobile: '13812345678', apply_info: '  ' })).toBe('请输入申请理由');
    expect(validateAgentApplication({ mobile: '13812345678', apply_info: '有客户资源' })).toBeNull();
  });
});

describe('validateProfile (docs/member-app.md "Profile rules", in order)', () => {
  const valid = { mobile: '13812345678', email: 'a@example.com', birthday: '1990-02-28' };

  it('checks mobile, then email, then birthday', () => {
    expect(validateProfile({ mobile: '15412345678', email: 'bad', birthday: 'bad' })).toBe('请输入正确手机号');
    expect(validateProfile({ ...valid, email: 'bad', birthday: 'bad' })).toBe('请输入正确邮箱号');
    expect(validateProfile({ ...valid, birthday: '1990/02/28' })).toBe('请输入正确的日期格式：YYYY-MM-DD');
    expect(validateProfile(valid)).toBeNull();
  });

  it('rejects a birthday that is not a calendar date', () => {
    expect(validateProfile({ ...valid, birthday: '1990-02-30' })).toBe('请输入正确的日期格式：YYYY-MM-DD');
    expect(validateProfile({ ...valid, birthday: '1990-13-01' })).toBe('请输入正确的日期格式：YYYY-MM-DD');
    expect(validateProfile({ ...valid, birthday: '2000-02-29' })).toBeNull();
  });
});

describe('validateUsdtCard (docs/member-app.md "USDT address rules")', () => {
  it('checks address, protocol, pay password in order', () => {
    expect(validateUsdtCard({ address: '', protocol: '', pay_pass: '' })).toBe('请输入USDT地址');
    expect(validateUsdtCard({ address: 'TXyz', protocol: '', pay_pass: '' })).toBe('请选择钱包协议');
    expect(validateUsdtCard({ address: 'TXyz', protocol: 'BEP20', pay_pass: '1' })).toBe('请选择钱包协议');
    expect(validateUsdtCard({ address: 'TXyz', protocol: 'TRC20', pay_pass: '' })).toBe('请输人支付密码');
    expect(validateUsdtCard({ address: 'TXyz', protocol: 'ERC20', pay_pass: '123456' })).toBeNull();
  });
});

describe('validateBankCard (docs/member-app.md "Bank card rules", in order)', () => {
  const valid = {
    bank_owner: '张三',
    bank: '工商银行',
    bank_address: '北京分行',
    bank_no: '62220212345678',
    pay_pass: '123456',
  };

  it('checks each required field in order', () => {
    const empty = { bank_owner: '', bank: '', bank_address: '', bank_no: '', pay_pass: '' };
    expect(validateBankCard(empty)).toBe('请输入姓名');
    expect(validateBankCard({ ...empty, bank_owner: '张三' })).toBe('请输入银行');
    expect(validateBankCard({ ...valid, bank_address: '', bank_no: '', pay_pass: '' })).toBe('请输入开户行地址');
    expect(validateBankCard({ ...valid, bank_no: '', pay_pass: '' })).toBe('请输人银行卡号');
    expect(validateBankCard({ ...valid, pay_pass: '' })).toBe('请输人支付密码');
  });

  it('checks the card number length before the pay password length', () => {
    expect(validateBankCard({ ...valid, bank_no: '1234567', pay_pass: '1' })).toBe('请输人正确的卡号长度');
    expect(validateBankCard({ ...valid, bank_no: '12345678', pay_pass: '12345' })).toBe('请输人支付密码长度');
    expect(validateBankCard({ ...valid, pay_pass: '1'.repeat(19) })).toBe('请输人支付密码长度');
    expect(validateBankCard({ ...valid, pay_pass: '1'.repeat(18) })).toBeNull();
    expect(validateBankCard(valid)).toBeNull();
  });
});

describe('validatePasswordChange (docs/member-app.md "Password change rules", seven rules in order)', () => {
  it('answers each rule in order', () => {
    expect(validatePasswordChange({ oldPassword: '', newPassword: '', confirmPassword: '' })).toBe('请输入旧密码');
    expect(validatePasswordChange({ oldPassword: '1', newPassword: '', confirmPassword: '' })).toBe('请输入新密码');
    expect(validatePasswordChange({ oldPassword: '1', newPassword: '2', confirmPassword: '' })).toBe('请输入确认密码');
    expect(validatePasswordChange({ oldPassword: '1', newPassword: '2', confirmPassword: '3' })).toBe(
      '请输入正确的旧密码长度',
    );
    expect(validatePasswordChange({ oldPassword: '123456', newPassword: '2', confirmPassword: '3' })).toBe(
      '请输入正确的新密码长度',
    );
    expect(validatePasswordChange({ oldPassword: '123456', newPassword: '234567', confirmPassword: '3' })).toBe(
      '两次密码不一致！',
    );
    expect(validatePasswordChange({ oldPassword: '123456', newPassword: '123456', confirmPassword: '123456' })).toBe(
      '新旧密码不能一致！',
    );
    expect(
      validatePasswordChange({ oldPassword: '123456', newPassword: '234567', confirmPassword: '234567' }),
    ).toBeNull();
  });
});

describe('validateDeposit (docs/member-app.md "Deposit rules")', () => {
  const range = { min: 100, max: 10000 };

  it('requires an amount within the pay type range', () => {
    for (const amount of ['', 'abc', 99.99, '10000.01', -100, '1e3', '100.005']) {
      expect(validateDeposit({ ...range, paytype: 'alipay', amount }), String(amount)).toBe(
        '请输入金额在100-10000之间！',
      );
    }
    for (const amount of [100, '100', '10000.00', 5000.5]) {
      expect(validateDeposit({ ...range, paytype: 'alipay', amount }), String(amount)).toBeNull();
    }
    expect(validateDeposit({ min: 50, max: 300, paytype: 'usdt', amount: 20 })).toBe('请输入金额在50-300之间！');
  });

  it('requires the four bank-transfer fields in order, after the amount', () => {
    const bank = { ...range, paytype: 'bank', amount: 500 };
    expect(validateDeposit({ ...bank, amount: 1 })).toBe('请输入金额在100-10000之间！');
    expect(validateDeposit(bank)).toBe('请输入存款人姓名');
    expect(validateDeposit({ ...bank, depositorName: '张三' })).toBe('请输入银行类型');
    expect(validateDeposit({ ...bank, depositorName: '张三', bank: '工商银行' })).toBe('请输入银行卡号');
    expect(validateDeposit({ ...bank, depositorName: '张三', bank: '工商银行', bankNo: '6222' })).toBe(
      '请输入银行开户行地址',
    );
    expect(
      validateDeposit({ ...bank, depositorName: '张三', bank: '工商银行', bankNo: '6222', bankAddress: '北京' }),
    ).toBeNull();
  });
});

describe('validateWithdrawal (docs/member-app.md "Withdrawal rules")', () => {
  it('asks for a card first, by kind', () => {
    expect(validateWithdrawal({ kind: 'bank', cardId: undefined, amount: '', password: '' })).toBe(
      '请选择您要提现到的银行卡',
    );
    expect(validateWithdrawal({ kind: 'usdt', cardId: '', amount: '', password: '' })).toBe('请选择USDT地址');
    expect(validateWithdrawal({ kind: 'usdt', cardId: 0, amount: '', password: '' })).toBe('请选择USDT地址');
  });

  it('then requires at least 100, also when the amount is not a number', () => {
    for (const amount of [99.99, '', 'abc', '1e3', -500]) {
      expect(validateWithdrawal({ kind: 'bank', cardId: 3, amount, password: '' }), String(amount)).toBe(
        '单笔取款不能低于100元',
      );
    }
  });

  it('then requires the pay password', () => {
    expect(validateWithdrawal({ kind: 'bank', cardId: 3, amount: '100', password: '' })).toBe('请输入您的支付密码');
    expect(validateWithdrawal({ kind: 'bank', cardId: 3, amount: 100, password: '123456' })).toBeNull();
  });
});

describe('validateTransfer (docs/member-app.md "Transfer rules")', () => {
  it('requires a positive amount before checking the wallets', () => {
    for (const amount of ['', 0, '0.00', -1, 'abc']) {
      expect(validateTransfer({ amount, sourcetype: 'ag', targettype: 'bbin' }), String(amount)).toBe(
        '请输入操作金额！',
      );
    }
  });

  it('refuses venue to venue', () => {
    expect(validateTransfer({ amount: 10, sourcetype: 'ag', targettype: 'bbin' })).toBe('场馆内钱包不支持互转');
    expect(validateTransfer({ amount: 10, sourcetype: 'userbalance', targettype: 'ag' })).toBeNull();
    expect(validateTransfer({ amount: '10.5', sourcetype: 'ag', targettype: 'userbalance' })).toBeNull();
  });
});

describe('USDT conversion (docs/member-app.md "Constants and limits")', () => {
  it('floors amount / rate to two decimals', () => {
    expect(usdtAmount('100', 7.2)).toBe('13.88');
    expect(usdtAmount(700, 7)).toBe('100.00');
    expect(usdtAmount('0.7', 0.07)).toBe('10.00');
    expect(usdtAmount('100', '6.5')).toBe('15.38');
  });

  it('floors exactly, with no float error, for any amount and a rate of up to 6 decimals', () => {
    expect(usdtCentsOf(10000, '7.20')).toBe(1388);
    expect(usdtCentsOf(70000, '7')).toBe(10000);
    // 0.29 / 0.01 is 28.999999999999996 in floating point; the exact quotient is 29.
    expect(usdtCentsOf(29, '0.01')).toBe(2900);
    expect(usdtCentsOf(99_999_999_999, '7.123456')).toBe(14_038_129_806);
    expect(usdtCentsOf(10000, '0')).toBeNull();
    expect(usdtCentsOf(10000, '-7')).toBeNull();
    expect(usdtCentsOf(10000, '7.1234567')).toBeNull();
  });

  it('subtracts the fee and never goes below zero', () => {
    expect(usdtReceipt('1000', 7, 1)).toBe('141.85');
    expect(usdtReceipt(100, 7.2, '2.50')).toBe('11.38');
    expect(usdtReceipt('10', 7, 5)).toBe('0.00');
  });

  it('answers 0.00 for unusable amounts or rates', () => {
    expect(usdtAmount('abc', 7)).toBe('0.00');
    expect(usdtAmount('100', 0)).toBe('0.00');
    expect(usdtReceipt('100', Number.NaN, 1)).toBe('0.00');
  });
});
