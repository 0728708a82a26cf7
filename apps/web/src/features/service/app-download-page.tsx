import { QRCodeSVG } from 'qrcode.react';
import { useSiteInfo } from '../../shared/site/use-site-info';
import { EmptyState } from '../../shared/ui/empty-state';
import './service.css';

/** SPEC 2: the app-download page: a QR code (of h5_url or ios_download_url) and a download button. */
export function AppDownloadPage() {
  const site = useSiteInfo();
  const qrValue = site.h5_url || site.ios_download_url;
  const downloadUrl = site.ios_download_url || site.h5_url;
  return (
    <main className="page app-download-page">
      <h1 className="page-title">APP下载</h1>
      {qrValue ? (
        <section className="app-download-card">
          <div className="app-qr">
            <QRCodeSVG
              value={qrValue}
              size={184}
              bgColor="#ffffff"
              fgColor="#0b1530"
              marginSize={2}
              title={`扫码下载${site.title}APP`}
            />
          </div>
          <p>使用手机相机或浏览器扫描二维码</p>
          <a className="kefu-primary app-download-button" href={downloadUrl} target="_blank" rel="noopener noreferrer">
            立即下载
          </a>
          <ul className="app-download-points">
            <li>极速登录，随时随地畅玩</li>
            <li>资金安全，存取款更便捷</li>
            <li>赛事提醒，精彩不错过</li>
          </ul>
        </section>
      ) : (
        <EmptyState title="暂无下载地址" />
      )}
    </main>
  );
}
