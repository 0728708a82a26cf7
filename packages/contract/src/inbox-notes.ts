/**
 * The 站内信 (inbox messages) the site writes to a member itself, in the transaction of the event they tell of:
 * registering, a deposit credited, a withdrawal paid or refused. Money is the wire's two-decimal string. Zod-free.
 */
export interface InboxNote {
  title: string;
  content: string;
}

export const INBOX_NOTES = {
  registered: (): InboxNote => ({
    title: '欢迎加入',
    content:
      '您的账户已开通。存款、取款和投注记录都可以在「我的」里查看；取款前请先在「卡片管理」绑定银行卡或USDT地址。如有疑问，请随时联系在线客服。',
  }),
  depositCredited: (depositNo: string, amount: string, bonus: string | null): InboxNote => ({
    title: '存款已到账',
    content:
      `您的存款 ${amount} 元（订单号 ${depositNo}）已到账中心钱包` + (bonus ? `，另获存款赠送 ${bonus} 元。` : '。'),
  }),
  withdrawalPaid: (orderNo: string, amount: string): InboxNote => ({
    title: '取款已出款',
    content: `您的取款 ${amount} 元（订单号 ${orderNo}）已出款，请留意收款账户的到账情况。`,
  }),
  /** 意见反馈 (docs/member-app.md "意见反馈"): the desk answered or resolved a ticket of the member. */
  ticketReplied: (id: number, category: string): InboxNote => ({
    title: '您的反馈有新回复',
    content: `您提交的${category}反馈（工单号 ${id}）有新的客服回复，请在「客服中心 - 意见反馈」查看。`,
  }),
  ticketResolved: (id: number, category: string): InboxNote => ({
    title: '您的反馈已解决',
    content: `您提交的${category}反馈（工单号 ${id}）已处理完毕。如仍有疑问，欢迎再次提交反馈或联系在线客服。`,
  }),
  withdrawalRefused: (orderNo: string, amount: string): InboxNote => ({
    title: '取款未通过审核',
    content: `您的取款 ${amount} 元（订单号 ${orderNo}）未通过审核，款项已退回中心钱包。如有疑问，请联系在线客服。`,
  }),
};
