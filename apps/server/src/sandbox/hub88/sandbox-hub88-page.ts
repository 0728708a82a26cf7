/**
 * The Hub88 sandbox's game page, where a game URL leads: one stake, then the round settles at once as a win (twice
 * the stake) or a loss. The page only asks the sandbox to play (`playPath`); the sandbox itself calls the
 * operator's Wallet API. Plain HTML with its own script under the page's nonce, nothing fetched from elsewhere.
 */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function sandboxHub88Page(options: {
  nonce: string;
  title: string;
  thumbUrl: string;
  lobbyUrl: string;
  playPath: string;
}): string {
  const lobby = /^https?:\/\//.test(options.lobbyUrl)
    ? `<a class="lobby" href="${escapeHtml(options.lobbyUrl)}">返回大厅</a>`
    : '';
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<style>
  body { margin: 0; font-family: -apple-system, "PingFang SC", "Noto Sans CJK SC", sans-serif; background: #101a36; color: #f5f7ff; }
  main { max-width: 420px; margin: 0 auto; padding: 16px; }
  h1 { font-size: 20px; margin: 0 0 10px; color: #f6c453; }
  img { width: 100%; border-radius: 12px; display: block; }
  .card { background: #1a2a5c; border-radius: 12px; padding: 14px; margin: 12px 0; }
  label { display: block; margin-bottom: 6px; }
  input { width: 100%; box-sizing: border-box; padding: 10px; border-radius: 8px; border: 1px solid #5b6ea8; background: #101a36; color: #fff; font-size: 16px; }
  button { width: 100%; margin-top: 12px; padding: 12px; border: 0; border-radius: 8px; font-size: 16px; font-weight: 600; background: #f6c453; color: #1a1a1a; }
  button:disabled { opacity: .6; }
  .win { color: #7ee2a8; } .lose { color: #ff9b9b; }
  .lobby { color: #9fb4ff; }
  [role=status] { min-height: 1.4em; }
</style>
</head>
<body>
<main>
  <h1>${escapeHtml(options.title)}</h1>
  <img src="${escapeHtml(options.thumbUrl)}" alt="${escapeHtml(options.title)}">
  <div class="card">
    <div>余额：<strong id="balance" aria-live="polite">--</strong></div>
    <label for="stake">下注金额（元）</label>
    <input id="stake" inputmode="decimal" value="10" autocomplete="off">
    <button type="button" id="bet">下注</button>
    <p role="status" id="status"></p>
  </div>
  ${lobby}
</main>
<script nonce="${options.nonce}">
(function () {
  var session = new URLSearchParams(location.search).get('session') || '';
  var button = document.getElementById('bet');
  var statusEl = document.getElementById('status');
  button.addEventListener('click', function () {
    button.disabled = true;
    statusEl.className = '';
    statusEl.textContent = '开奖中…';
    fetch(${JSON.stringify(options.playPath)}, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session: session, stake: document.getElementById('stake').value })
    }).then(function (res) { return res.json(); }).then(function (answer) {
      if (!answer.ok) { statusEl.textContent = answer.message || '下注失败'; return; }
      if (answer.balance) document.getElementById('balance').textContent = answer.balance;
      statusEl.className = answer.outcome === 'win' ? 'win' : 'lose';
      statusEl.textContent = answer.outcome === 'win' ? '恭喜中奖，派彩 ' + answer.payout + ' 元' : '未中奖，下次好运';
    }).catch(function () { statusEl.textContent = '网络异常，请稍后再试'; })
      .finally(function () { button.disabled = false; });
  });
})();
</script>
</body>
</html>`;
}
