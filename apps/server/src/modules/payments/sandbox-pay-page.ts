const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `
  body { margin: 0; font-family: -apple-system, "PingFang SC", "Noto Sans CJK SC", sans-serif; background: #f3f5fb; color: #1f2937; }
  main { max-width: 420px; margin: 0 auto; padding: 20px 16px; }
  h1 { font-size: 20px; margin: 0 0 12px; }
  .card { background: #fff; border-radius: 12px; padding: 16px; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
  dl { display: grid; grid-template-columns: 6em 1fr; gap: 8px 12px; margin: 0 0 16px; }
  dt { color: #64748b; } dd { margin: 0; word-break: break-all; }
  .amount { font-size: 22px; font-weight: 700; color: #e4393c; }
  button { width: 100%; padding: 12px; border: 0; border-radius: 8px; font-size: 16px; font-weight: 600; background: #3c5bd6; color: #fff; cursor: pointer; }
  .note { color: #64748b; font-size: 13px; margin-top: 12px; }
  [role=status] { font-size: 16px; font-weight: 600; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

export interface SandboxPayView {
  depositNo: string;
  token: string;
  amount: string;
  payTypeLabel: string;
  usdtAmount: string | null;
  createdAt: string;
  /** Why the button is not offered (already processed, a bank transfer), or null. */
  blocked: string | null;
}

/** The sandbox payment page (DESIGN: a non-bank deposit gets a page that completes it): a plain form, no script. */
export function sandboxPayPage(view: SandboxPayView): string {
  const rows = [
    ['订单号', view.depositNo],
    ['支付方式', view.payTypeLabel],
    ['创建时间', view.createdAt],
    ...(view.usdtAmount ? [['应付USDT', view.usdtAmount]] : []),
  ]
    .map(([k, v]) => `<dt>${escapeHtml(k ?? '')}</dt><dd>${escapeHtml(v ?? '')}</dd>`)
    .join('');
  const action = `/sandbox/pay/${encodeURIComponent(view.depositNo)}/confirm`;
  const form = view.blocked
    ? `<p role="status">${escapeHtml(view.blocked)}</p>`
    : `<form method="post" action="${escapeHtml(action)}">
        <input type="hidden" name="token" value="${escapeHtml(view.token)}">
        <button type="submit">确认已支付</button>
      </form>`;
  return layout(
    '模拟支付',
    `<h1>模拟支付</h1>
    <div class="card">
      <p>支付金额</p>
      <p class="amount">¥${escapeHtml(view.amount)}</p>
      <dl>${rows}</dl>
      ${form}
      <p class="note">这是测试环境的模拟支付页面，不会产生真实扣款；确认后订单按后台审核通过处理并立即到账。</p>
    </div>`,
  );
}

/** The answer page after the form was sent: the outcome in one line. */
export function sandboxResultPage(message: string): string {
  return layout('模拟支付', `<h1>模拟支付</h1><div class="card"><p role="status">${escapeHtml(message)}</p></div>`);
}
