import { RulesList } from '../../shared/ui/rules-list';
import './help.css';

const ROWS = [
  { label: '所属网络', trc: '波场 TRON', erc: '以太坊 Ethereum' },
  { label: '地址格式', trc: '以大写字母 T 开头，共34位', erc: '以 0x 开头，共42位' },
  { label: '网络手续费', trc: '较低，通常约1 USDT以内', erc: '较高，随网络拥堵波动' },
  { label: '到账速度', trc: '快，通常1~3分钟', erc: '较慢，通常5~30分钟' },
] as const;

const TIPS = [
  '小额、频繁的充提推荐使用 TRC20，手续费低、到账快。',
  '绑定地址前请核对协议与地址开头：T… 对应 TRC20，0x… 对应 ERC20。',
  '提现时将按所选协议扣除对应的网络手续费，实际到账以页面显示为准。',
];

/** docs/member-app.md "Screens by route" /usdtmore: the difference between the TRC20 and ERC20 protocols. */
export function UsdtMorePage() {
  return (
    <main className="help-page usdt-page">
      <section className="help-hero">
        <h2>TRC20 与 ERC20 有什么区别？</h2>
        <p>两者都是 USDT，只是运行在不同的区块链网络上。转账时协议必须一致，否则资产可能无法找回。</p>
      </section>
      <table className="usdt-table">
        <caption className="sr-only">TRC20 与 ERC20 对比</caption>
        <thead>
          <tr>
            <th scope="col">项目</th>
            <th scope="col">TRC20</th>
            <th scope="col">ERC20</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.trc}</td>
              <td>{row.erc}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <section className="usdt-examples" aria-label="地址示例">
        <p>
          TRC20 地址示例：<code>T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb</code>
        </p>
        <p>
          ERC20 地址示例：<code>0x742d35Cc6634C0532925a3b844Bc454e4438f44e</code>
        </p>
      </section>
      <section className="usdt-tips">
        <h3>温馨提示</h3>
        <RulesList items={TIPS} bulleted />
      </section>
    </main>
  );
}
