import { useSyncExternalStore } from 'react';
import { isNetworkDown, subscribeNetwork } from '../../shared/api/network-state';
import '../maintenance/maintenance.css';

/**
 * Without a network (say the installed app opened offline: the service worker gave the last shell seen) every screen
 * says so above itself, instead of loading states that never end; the banner goes with the next answer that arrives
 * (React Query asks again when the browser says it is back online).
 */
export function OfflineBanner() {
  const down = useSyncExternalStore(subscribeNetwork, isNetworkDown);
  if (!down) return null;
  return (
    <aside className="maintenance-banner" aria-label="网络状态">
      <p role="alert">
        <strong>网络异常</strong>请检查网络连接后重试
      </p>
    </aside>
  );
}
