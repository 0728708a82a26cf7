import { describe, expect, it } from 'vitest';
import { MSG, depositRangeMessage, turnoverNotMetMessage } from './messages';

describe('MSG', () => {
  it('keeps the documented quirks character for character', () => {
    expect(MSG.usernameLength).toBe(' 用户名长度6~16位，以字母或数字组合！');
    expect(MSG.realnameRequired).toBe('请输入您的真实姓名!');
    expect(MSG.cardPayPassRequired).toBe('请输人支付密码');
    expect(MSG.bankNoRequired).toBe('请输人银行卡号');
    expect(MSG.noCardsBound).toBe('您还为绑定任何钱包卡片，请前往绑定！');
    expect(MSG.birthdayInvalid).toBe('请输入正确的日期格式：YYYY-MM-DD');
  });

  it('asks visitors to log in with the Chinese text members know, not a translation', () => {
    expect(MSG.loginInvite).toBe('精彩内容等你来体验，快来登录吧！');
  });

  it('holds the docs/member-app.md "Messages and errors" client messages, toasts and dialogs', () => {
    const values = Object.values(MSG);
    for (const text of [
      '服务器异常，请稍后再试',
      '请登录！',
      '复制成功！',
      '已在当前页面！',
      '红包已关闭',
      '操作成功',
      '解绑成功',
      '绑定成功',
      '密码修改成功！',
      '提交成功，等待后台审核',
      '温馨提示',
      '确定要解除绑定该卡片吗？',
      '空空如也',
      '没有更多了',
      '还没有任何投注记录',
      '认证失败',
      '您的账号登陆过期，请重新登陆',
      '暂无领取额度！',
      '您暂未达到领取条件，快去完成吧！',
    ]) {
      expect(values, text).toContain(text);
    }
  });

  it('gives no two keys the same text', () => {
    const values = Object.values(MSG);
    expect(new Set(values).size).toBe(values.length);
  });

  it('fills the templates', () => {
    expect(depositRangeMessage(100, 10000)).toBe('请输入金额在100-10000之间！');
    expect(turnoverNotMetMessage(3)).toBe('打码量没有达到充值的3倍,无法正常提现');
  });
});
