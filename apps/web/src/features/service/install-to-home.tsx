import { useSyncExternalStore } from 'react';
import { useInstallPrompt } from '../../shared/pwa/install-prompt';
import { TitledSection } from '../../shared/ui/titled-section';

/** iPhone and iPad Safari have no install prompt: the app is added from the share sheet. iPadOS says it is a Mac. */
const isIos = () =>
  /iphone|ipad|ipod/i.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);

/** Opened from the home screen already (or from the installed app). */
const standalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;
const never = () => () => undefined;

/**
 * 添加到主屏幕: the browser's own install dialog where it offers one (Chromium's beforeinstallprompt), short
 * instructions on iOS (Safari's share sheet) and elsewhere (the browser's menu).
 */
export function InstallToHome() {
  const prompt = useInstallPrompt();
  const installed = useSyncExternalStore(never, standalone);
  let body;
  if (installed) body = <p>已添加到主屏幕，可从桌面图标直接打开</p>;
  else if (prompt.available)
    body = (
      <button type="button" className="kefu-primary app-download-button" onClick={() => void prompt.install()}>
        添加到主屏幕
      </button>
    );
  else if (isIos())
    body = (
      <ol className="app-download-points">
        <li>在 Safari 中打开本站</li>
        <li>点按底部的「分享」按钮</li>
        <li>选择「添加到主屏幕」，再点「添加」</li>
      </ol>
    );
  else body = <p>在浏览器菜单中选择「添加到主屏幕」或「安装应用」</p>;
  return (
    <TitledSection
      titleId="install-to-home"
      title="添加到主屏幕"
      className="app-download-card"
      titleClassName="app-install-title"
    >
      {body}
    </TitledSection>
  );
}
