import { MSG } from '@h5/contract/messages';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { Link } from '../../shared/router/router';
import { useServiceUrl } from './api';
import './service.css';
import { TitledSection } from '../../shared/ui/titled-section';

const TUTORIALS = [
  { key: 'deposit', label: '存款教程' },
  { key: 'withdrawal', label: '取款教程' },
  { key: 'transfer', label: '转账教程' },
  { key: 'handicap', label: '让球盘口' },
  { key: 'single', label: '单注投注' },
  { key: 'parlay', label: '串关投注' },
  { key: 'sports-rules', label: '体育规则' },
  { key: 'gameplay', label: '游戏玩法' },
] as const;

/** Invented placeholders: no real contact exists for this demo site. */
const CONTACTS = [
  { label: '客服邮箱', value: 'service@example.com' },
  { label: '客服热线', value: '400-000-0000' },
  { label: '合作洽谈', value: 'partner@example.com' },
] as const;

function ServiceFrame({ url, onClose }: { url: string; onClose: () => void }) {
  return (
    <div className="service-frame-layer" role="dialog" aria-modal="true" aria-label="在线客服">
      <div className="service-frame-bar">
        <span>在线客服</span>
        <button type="button" onClick={onClose} aria-label="关闭在线客服">
          关闭
        </button>
      </div>
      <iframe className="service-frame" src={url} title="在线客服" />
    </div>
  );
}

/** docs/member-app.md "Screens by route" /kefu: online service, tutorials, feedback, the 24-hour claim and placeholder contacts. */
export function KefuPage() {
  const serviceUrl = useServiceUrl();
  const [frameUrl, setFrameUrl] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);

  // docs/member-app.md "States and transitions": the customer-service frame opens only if a URL was fetched; otherwise 客服暂时不可用.
  const openService = async () => {
    setOpening(true);
    const url = serviceUrl.data ?? (await serviceUrl.refetch()).data;
    setOpening(false);
    if (url) setFrameUrl(url);
    else Toast.show({ icon: 'fail', content: MSG.serviceUnavailable });
  };

  return (
    <main className="page kefu-page">
      <h1 className="page-title">客服中心</h1>
      <section className="kefu-hero">
        <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
          <circle cx="32" cy="32" r="30" fill="#13224a" stroke="#e0b64a" strokeWidth="2" />
          <path d="M16 36v-5a16 16 0 0132 0v5" fill="none" stroke="#e0b64a" strokeWidth="3" />
          <rect x="13" y="34" width="8" height="12" rx="3" fill="#e0b64a" />
          <rect x="43" y="34" width="8" height="12" rx="3" fill="#e0b64a" />
          <path d="M47 46c0 4-5 6-11 6" fill="none" stroke="#e0b64a" strokeWidth="2.5" />
        </svg>
        <div>
          <h2>7×24小时在线服务</h2>
          <p>专业客服全天候为您解答存取款、游戏与账户问题</p>
        </div>
      </section>
      <button type="button" className="kefu-primary" onClick={() => void openService()} disabled={opening}>
        {opening ? '正在连接…' : '联系在线客服'}
      </button>

      <TitledSection titleId="kefu-tutorials" title="新手教程" className="kefu-section">
        <ul className="kefu-grid">
          {TUTORIALS.map((t) => (
            <li key={t.key}>
              <Link to={`/boutBallBetInfo?tutorial=${t.key}`}>{t.label}</Link>
            </li>
          ))}
        </ul>
      </TitledSection>

      <TitledSection titleId="kefu-more" title="更多帮助" className="kefu-section">
        <ul className="kefu-links">
          <li>
            <Link to="/boutBallBet">帮助中心</Link>
          </li>
          <li>
            <Link to="/feedback">意见反馈</Link>
          </li>
        </ul>
      </TitledSection>

      <TitledSection titleId="kefu-contacts" title="联系方式（示例）" className="kefu-section">
        <dl className="kefu-contacts">
          {CONTACTS.map((c) => (
            <div key={c.label}>
              <dt>{c.label}</dt>
              <dd>{c.value}</dd>
            </div>
          ))}
        </dl>
        <p className="kefu-note">以上联系方式均为演示占位信息，请以在线客服为准。</p>
      </TitledSection>

      {frameUrl && <ServiceFrame url={frameUrl} onClose={() => setFrameUrl(null)} />}
    </main>
  );
}
