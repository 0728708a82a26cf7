/**
 * The messages of the lazy screens a first visit often lands on (login, register, a deposit's /payInfo): kept
 * apart, as FIRST_SCREEN_MSG is, so that those screens do not download every message of the product
 * (bench/page-weight.ts); MSG spreads them in, and everywhere else they are read as MSG.<key>.
 */
export const LANDING_MSG = {
  // docs/member-app.md "Register rules" (in rule order)
  usernameLength: ' 用户名长度6~16位，以字母或数字组合！',
  passwordLength: '请输入正确的密码长度，最少6位！',
  passwordMismatch: '两次密码不一致！',
  realnameRequired: '请输入您的真实姓名!',
  payPasswordLength: '请输入正确的支付密码长度，最少6位！',
  captchaRequired: '请输入验证码！',
  captchaWrong: '验证码错误！',
  termsRequired: '请阅读并同意相关条款和隐私协议！',

  // docs/member-app.md "Login rules"
  loginRequired: '请输入您的账号和密码！',

  // docs/member-app.md "Screens and routes" and "Messages and errors", client messages
  copied: '复制成功！',
} as const;
