import { MSG } from '@h5/contract/messages';
import { Toast } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from '../../shared/router/router';
import { usePageTitle } from '../../shared/navigation/page-title';
import { useSession } from '../../shared/session/hooks';
import { useSiteInfo } from '../../shared/site/use-site-info';
import { EmptyState } from '../../shared/ui/empty-state';
import { PageLoading } from '../../shared/ui/page-loading';
import { useAgentLoginUrl, useGameUrl, useLaunchTitle, useServiceUrl } from './api';
import './games.css';

/** docs/member-app.md "Constants and limits": the download frame is removed after 2000 ms. */
export const DOWNLOAD_FRAME_MS = 2000;

type Mode = 'game' | 'agent' | 'service' | 'download';

function modeOf(params: URLSearchParams): Mode {
  if (params.get('app') === '1') return 'download';
  if (params.get('dailiD') === '1') return 'agent';
  if (params.get('dailiD') === '2') return 'service';
  return 'game';
}

function GameFrame({ url, title }: { url: string; title: string }) {
  return <iframe className="game-frame" src={url} title={title} allow="autoplay; fullscreen" allowFullScreen />;
}

/** app=1: the iOS download URL loads in a frame (which starts the download), removed after 2000 ms. */
function DownloadFrame({ url }: { url: string }) {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setShown(false), DOWNLOAD_FRAME_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className="game-download">
      {shown && <iframe className="download-frame" src={url} title="APP下载" />}
      <EmptyState title="正在为您打开APP下载">
        <p className="empty-state-note">
          如果下载没有开始，请<a href={url}>点击这里打开下载页</a>
        </p>
      </EmptyState>
    </div>
  );
}

/**
 * docs/member-app.md "Screens by route" /gamePage: the game frame, full height under the back bar. Default mode opens a game (members only);
 * dailiD=1 the agent back office, dailiD=2 customer service, app=1 the iOS download.
 */
export function GamePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const site = useSiteInfo();
  const mode = modeOf(params);
  const launch = { name: params.get('name') ?? '', type: params.get('type') ?? '', code: params.get('code') ?? '' };
  const needsLogin = (mode === 'game' || mode === 'agent') && !isLoggedIn;

  const game = useGameUrl(launch, mode === 'game' && isLoggedIn);
  const agent = useAgentLoginUrl(mode === 'agent' && isLoggedIn);
  const service = useServiceUrl(mode === 'service');
  // The back bar names what is open: the venue (and the slot game) by name, never by its code.
  const launchTitle = useLaunchTitle(launch, mode === 'game' && isLoggedIn ? game.data?.venue_name : undefined);
  const ownTitle = mode === 'game' ? launchTitle : null;
  useEffect(() => {
    usePageTitle.setState({ title: ownTitle });
    return () => usePageTitle.setState({ title: null });
  }, [ownTitle]);

  useEffect(() => {
    // docs/member-app.md "Screens and routes": opening a game without a session token shows 请登录！ (then the login page).
    if (!needsLogin) return;
    Toast.show({ content: MSG.pleaseLogin });
    void navigate('/login', { replace: true });
  }, [needsLogin, navigate]);

  if (needsLogin) return null;
  if (mode === 'download') {
    return site.ios_download_url ? <DownloadFrame url={site.ios_download_url} /> : <EmptyState title="暂无下载地址" />;
  }

  const query = mode === 'game' ? game : mode === 'agent' ? agent : service;
  const title =
    mode === 'game'
      ? launchTitle
        ? `${launchTitle} 游戏窗口`
        : '游戏窗口'
      : mode === 'agent'
        ? '代理后台'
        : '在线客服';
  if (query.isPending) return <PageLoading label="正在进入…" />;
  const url = typeof query.data === 'string' ? query.data : query.data?.url;
  if (query.isError || !url) {
    return (
      <EmptyState title={mode === 'service' ? MSG.serviceUnavailable : '暂时无法进入，请稍后再试'}>
        <button type="button" className="retry-button" onClick={() => void query.refetch()}>
          重试
        </button>
      </EmptyState>
    );
  }
  return <GameFrame url={url} title={title} />;
}
