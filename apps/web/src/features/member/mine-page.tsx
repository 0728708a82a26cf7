import { Button, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { formatMoney } from '../../shared/format';
import { useBalance, useUserInfo } from '../../shared/session/hooks';
import { logout } from '../../shared/session/session-actions';
import { PageLoading } from '../../shared/ui/page-loading';
import './mine.css';

/** /mine for now: who is logged in, the balance and logout. The full member centre is a later issue. */
export function MinePage() {
  const user = useUserInfo();
  const balance = useBalance();
  const [leaving, setLeaving] = useState(false);

  // SPEC 4: logout asks first, calls logoff, and ends the session even when that call fails.
  const confirmLogout = async () => {
    const ok = await Dialog.confirm({ content: '确定要退出登录吗？', confirmText: '确定', cancelText: '取消' });
    if (!ok) return;
    setLeaving(true);
    await logout();
  };

  if (!user.data) return <PageLoading />;
  return (
    <main className="page mine-page" aria-labelledby="mine-title">
      <h1 id="mine-title" className="sr-only">
        我的
      </h1>
      <section className="mine-card" aria-label="账户信息">
        <div className="mine-avatar" aria-hidden="true">
          {user.data.username.slice(0, 1).toUpperCase()}
        </div>
        <div>
          <p className="mine-username">{user.data.username}</p>
          <p className="mine-vip">{user.data.current_vip}</p>
        </div>
      </section>
      <section className="mine-balance" aria-label="中心钱包">
        <span className="mine-balance-label">中心钱包</span>
        <span className="mine-balance-value">
          ¥<output aria-label="中心钱包余额">{formatMoney(balance.data ?? user.data.balance)}</output>
        </span>
      </section>
      <Button block size="large" className="mine-logout" loading={leaving} onClick={() => void confirmLogout()}>
        退出登录
      </Button>
    </main>
  );
}
