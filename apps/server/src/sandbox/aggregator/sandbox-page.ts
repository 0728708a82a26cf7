/**
 * The sandbox aggregator's demo game page, shown inside the app's game frame. Casino venues play Sic Bo big/small and
 * settle at once; sport venues take a match-result bet that stays unsettled until the 结算 step. `apiBase` is where
 * the page's state, round and settle calls go.
 */
export function sandboxPage(nonce: string, apiBase: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>游戏</title>
<style>
  body { margin: 0; font-family: -apple-system, "PingFang SC", "Noto Sans CJK SC", sans-serif; background: #0f1b3d; color: #f5f7ff; }
  main { max-width: 420px; margin: 0 auto; padding: 16px; }
  h1 { font-size: 20px; margin: 0 0 8px; color: #f6c453; }
  .card { background: #18285a; border-radius: 12px; padding: 14px; margin-bottom: 12px; }
  label { display: block; margin-bottom: 6px; }
  input { width: 100%; box-sizing: border-box; padding: 10px; border-radius: 8px; border: 1px solid #5b6ea8; background: #0f1b3d; color: #fff; font-size: 16px; }
  .row { display: flex; gap: 8px; margin-top: 12px; }
  button { flex: 1; padding: 12px; border: 0; border-radius: 8px; font-size: 16px; font-weight: 600; background: #f6c453; color: #1a1a1a; cursor: pointer; }
  button.secondary { background: #3c5bd6; color: #fff; }
  button:disabled { opacity: .6; }
  #log { list-style: none; padding: 0; margin: 0; font-size: 14px; }
  #log li { padding: 6px 0; border-bottom: 1px solid #2a3b72; }
  .win { color: #7ee2a8; } .lose { color: #ff9b9b; }
  [role=status] { min-height: 1.4em; }
</style>
</head>
<body>
<main>
  <h1 id="title">游戏</h1>
  <div class="card">
    <div>场馆余额：<strong id="balance" aria-live="polite">--</strong></div>
    <div id="pendingLine" hidden>待结算注单：<strong id="pending">0</strong></div>
  </div>
  <div class="card">
    <label for="stake">下注金额（1-10000）</label>
    <input id="stake" inputmode="decimal" value="10" autocomplete="off">
    <div class="row" id="dicePicks" hidden>
      <button type="button" data-pick="big">押大</button>
      <button type="button" data-pick="small">押小</button>
    </div>
    <div class="row" id="matchPicks" hidden>
      <button type="button" data-pick="home">主胜 2.40</button>
      <button type="button" data-pick="draw">平局 3.20</button>
      <button type="button" data-pick="away">客胜 2.80</button>
    </div>
    <div class="row" id="settleRow" hidden><button type="button" class="secondary" id="settle">结算</button></div>
    <p role="status" id="status"></p>
  </div>
  <div class="card"><h2 style="font-size:16px;margin:0 0 6px">本局记录</h2><ul id="log"></ul></div>
</main>
<script nonce="${nonce}">
(function () {
  var ticket = new URLSearchParams(location.search).get('ticket') || '';
  var statusEl = document.getElementById('status');
  var names = { big: '大', small: '小', triple: '围骰', home: '主胜', draw: '平局', away: '客胜', pending: '待结算' };
  function call(path, body) {
    return fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(Object.assign({ ticket: ticket }, body || {})) })
      .then(function (r) { return r.json(); });
  }
  function log(text, cls) {
    var li = document.createElement('li'); li.textContent = text; if (cls) li.className = cls;
    var ul = document.getElementById('log'); ul.insertBefore(li, ul.firstChild);
  }
  function refresh() {
    return call('${apiBase}/state').then(function (res) {
      if (res.code !== 200) { statusEl.textContent = res.message; return; }
      var s = res.data;
      document.getElementById('title').textContent = s.venue_name || '游戏';
      document.title = s.venue_name || '游戏';
      document.getElementById('balance').textContent = s.venue_balance;
      var sport = s.category === 'sport';
      document.getElementById('dicePicks').hidden = sport;
      document.getElementById('matchPicks').hidden = !sport;
      document.getElementById('settleRow').hidden = !sport;
      document.getElementById('pendingLine').hidden = !sport;
      document.getElementById('pending').textContent = String(s.pending);
    });
  }
  function setBusy(busy) { document.querySelectorAll('button').forEach(function (b) { b.disabled = busy; }); }
  document.querySelectorAll('[data-pick]').forEach(function (btn) {
    btn.addEventListener('click', function () {
      setBusy(true); statusEl.textContent = '下注中…';
      call('${apiBase}/round', { stake: document.getElementById('stake').value, pick: btn.getAttribute('data-pick') })
        .then(function (res) {
          if (res.code !== 200) { statusEl.textContent = res.message; return; }
          var r = res.data;
          if (r.status === 2) { statusEl.textContent = '已下注，等待结算'; log('注单 ' + r.bet_id + ' 押' + names[btn.getAttribute('data-pick')] + '，待结算'); }
          else {
            var won = Number(r.win_loss) > 0;
            statusEl.textContent = (won ? '赢 ' : '输 ') + r.win_loss;
            log('骰子 ' + r.dice.join(' ') + '（' + names[r.outcome] + '） 输赢 ' + r.win_loss, won ? 'win' : 'lose');
          }
          return refresh();
        })
        .catch(function () { statusEl.textContent = '网络异常，请稍后再试'; })
        .then(function () { setBusy(false); });
    });
  });
  document.getElementById('settle').addEventListener('click', function () {
    setBusy(true);
    call('${apiBase}/settle').then(function (res) {
      statusEl.textContent = res.message;
      (res.data || []).forEach(function (s) { log('注单 ' + s.bet_id + ' 赛果 ' + names[s.outcome] + ' 输赢 ' + s.win_loss, Number(s.win_loss) > 0 ? 'win' : 'lose'); });
      return refresh();
    }).then(function () { setBusy(false); });
  });
  refresh();
})();
</script>
</body>
</html>`;
}
