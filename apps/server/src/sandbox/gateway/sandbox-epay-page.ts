const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `
  body { margin: 0; font-family: -apple-system, "PingFang SC", "Noto Sans CJK SC", sans-serif; background: #eef2f7; color: #1f2937; }
  main { max-width: 420px; margin: 0 auto; padding: 20px 16px; }
  h1 { font-size: 20px; margin: 0 0 12px; }
  .card { background: #fff; border-radius: 12px; padding: 16px; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
  dl { display: grid; grid-template-columns: 6em 1fr; gap: 8px 12px; margin: 0 0 16px; }
  dt { color: #4b5563; } dd { margin: 0; word-break: break-all; }
  .amount { font-size: 22px; font-weight: 700; color: #c81e1e; }
  form { margin: 0 0 10px; }
  button, .back { display: block; box-sizing: border-box; width: 100%; padding: 12px; border: 0; border-radius: 8px; font-size: 16px;
    font-weight: 600; text-align: center; text-decoration: none; cursor: pointer; }
  .pay { background: #1d4ed8; color: #fff; }
  .fail { background: #e5e7eb; color: #1f2937; }
  .back { background: #1d4ed8; color: #fff; }
  .note { color: #4b5563; font-size: 13px; margin-top: 12px; }
  [role=status] { font-size: 16px; font-weight: 600; }
`;

function layout(body: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>沙盒支付网关</title>
<style>${STYLE}</style>
</head>
<body><main><h1>沙盒支付网关</h1>${body}</main></body>
</html>`;
}

export interface CashierView {
  tradeNo: string;
  outTradeNo: string;
  name: string;
  money: string;
  type: string;
  paid: boolean;
}

/** The cashier: the order as the merchant's signed request described it, with 确认支付 and 支付失败. */
export function cashierPage(view: CashierView): string {
  const rows = [
    ['商品', view.name],
    ['商户订单号', view.outTradeNo],
    ['网关订单号', view.tradeNo],
    ['支付方式', view.type],
  ]
    .map(([k, v]) => `<dt>${escapeHtml(k ?? '')}</dt><dd>${escapeHtml(v ?? '')}</dd>`)
    .join('');
  const form = (result: 'paid' | 'failed', label: string, css: string) =>
    `<form method="post" action="/sandbox/epay/pay">
      <input type="hidden" name="trade_no" value="${escapeHtml(view.tradeNo)}">
      <input type="hidden" name="result" value="${result}">
      <button type="submit" class="${css}">${label}</button>
    </form>`;
  const actions = view.paid
    ? `<p role="status">该订单已支付</p>`
    : form('paid', '确认支付', 'pay') + form('failed', '支付失败', 'fail');
  return layout(`<div class="card">
      <p>支付金额</p>
      <p class="amount">¥${escapeHtml(view.money)}</p>
      <dl>${rows}</dl>
      ${actions}
      <p class="note">这是测试环境的模拟网关，不会产生真实扣款。确认支付后，网关按易支付协议向商户发送签名的异步通知，再返回商户页面。</p>
    </div>`);
}

/** One outcome line, with a way back to the merchant when there is one. */
export function resultPage(message: string, backUrl?: string): string {
  const back = backUrl ? `<a class="back" href="${escapeHtml(backUrl)}">返回商户</a>` : '';
  return layout(`<div class="card"><p role="status">${escapeHtml(message)}</p>${back}</div>`);
}
