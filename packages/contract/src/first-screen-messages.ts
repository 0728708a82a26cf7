/**
 * The messages the member app's first screen can show: the API client's errors, navigation toasts and the login
 * prompts. Kept apart so that the app's entry carries these and not every message of the product (a first visit
 * downloads the entry, bench/page-weight.ts); MSG spreads them in, and everywhere else they are read as MSG.<key>.
 */
export const FIRST_SCREEN_MSG = {
  // docs/member-app.md "Screens and routes" and "Messages and errors", client messages
  pleaseLogin: '请登录！',
  alreadyOnPage: '已在当前页面！',
  redpacketClosed: '红包已关闭',
  // docs/member-app.md "Screens and routes" gives this confirm dialog in translation ('Exciting content awaits, come and log in!'); this is the text
  // members of the product know.
  loginInvite: '精彩内容等你来体验，快来登录吧！',
  goLogin: '前往登录',

  // docs/member-app.md "Roles and permissions" and "Messages and errors", dialogs
  authFailedTitle: '认证失败',
  notLoggedIn: '您的账号登陆过期，请重新登陆',
  serverError: '服务器异常，请稍后再试',

  // docs/member-app.md "Messages and errors", empty lists
  emptyList: '空空如也',
} as const;
