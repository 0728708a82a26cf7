import { lazy, Suspense } from 'react';
import { useNavigate } from '../../shared/router/router';
import { useSiteInfo } from '../../shared/site/use-site-info';
import { EmptyState } from '../../shared/ui/empty-state';
import { InstallToHome } from './install-to-home';
import './service.css';

// Only when an operator has cleared the QR image setting: then a code of the download address is drawn here.
const DrawnQr = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

/** The address a phone's camera should open: the download URL, made absolute against this site. */
const absolute = (url: string) => new URL(url, window.location.href).toString();

/**
 * docs/member-app.md "Screens and routes": the app-download page: the QR image of ios_download_qrcode (our generated one by default) and a download
 * button that goes to /gamePage?app=1, which loads ios_download_url (our install guide by default); and 添加到主屏幕,
 * which installs this web app itself.
 */
export function AppDownloadPage() {
  const site = useSiteInfo();
  const navigate = useNavigate();
  if (!site.ios_download_qrcode && !site.ios_download_url)
    return (
      <main className="page app-download-page">
        <h1 className="page-title">APP下载</h1>
        <InstallToHome />
        <EmptyState title="暂无下载地址" />
      </main>
    );
  const qrLabel = `扫码下载${site.title}APP`;
  return (
    <main className="page app-download-page">
      <h1 className="page-title">APP下载</h1>
      <section className="app-download-card">
        <div className="app-qr">
          {site.ios_download_qrcode ? (
            <img src={site.ios_download_qrcode} alt={qrLabel} width={184} height={207} />
          ) : (
            <Suspense fallback={<span className="app-qr-pending">二维码加载中…</span>}>
              <DrawnQr value={absolute(site.ios_download_url)} size={184} marginSize={2} title={qrLabel} />
            </Suspense>
          )}
        </div>
        <p>使用手机相机或浏览器扫描二维码</p>
        <button
          type="button"
          className="kefu-primary app-download-button"
          disabled={!site.ios_download_url}
          onClick={() => void navigate('/gamePage?app=1')}
        >
          立即下载
        </button>
        <ul className="app-download-points">
          <li>添加到主屏幕，一键打开，随时随地畅玩</li>
          <li>资金安全，存取款更便捷</li>
          <li>赛事提醒，精彩不错过</li>
        </ul>
      </section>
      <InstallToHome />
    </main>
  );
}
