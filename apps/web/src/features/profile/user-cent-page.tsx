import { Link } from '../../shared/router/router';
import '../../shared/ui/panel.css';
import './profile.css';
import { CHEVRON, LineIcon } from '../../shared/ui/line-icon';

/** docs/member-app.md "Screens by route" /userCent: the security centre's links. */
const ENTRIES = [
  { to: '/userInfo', label: '个人资料', hint: '头像、生日、手机号、邮箱' },
  { to: '/wallet', label: '卡片管理', hint: '银行卡与USDT地址' },
  { to: '/password?type=1', label: '登录密码', hint: '修改登录密码' },
  { to: '/password?type=2', label: '取款密码', hint: '修改取款密码' },
  { to: '/responsible', label: '理性娱乐', hint: '存款限额、冷静期与自我排除' },
] as const;

export function UserCentPage() {
  return (
    <main className="page profile-page" aria-label="安全中心">
      <ul className="menu-panel">
        {ENTRIES.map((e) => (
          <li key={e.to}>
            <Link to={e.to} className="profile-menu-item">
              <span className="profile-menu-label">{e.label}</span>
              <span className="profile-menu-hint">{e.hint}</span>
              <LineIcon d={CHEVRON} size={16} strokeWidth={2.2} cap="round" />
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
