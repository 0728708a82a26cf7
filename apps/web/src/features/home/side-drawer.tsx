import { Popup } from 'antd-mobile';
import { useAppNavigate } from '../../shared/navigation/use-app-navigate';
import { LineIcon } from '../../shared/ui/line-icon';
import './side-drawer.css';

const LINKS = [
  {
    to: '/boutBallBet',
    label: '帮助中心',
    icon: 'M12 3a9 9 0 100 18 9 9 0 000-18zM9.5 9a2.5 2.5 0 115 .5c0 2-2.5 2-2.5 4M12 17h.01',
  },
  { to: '/vip', label: 'VIP特权', icon: 'M4 8l4 3 4-6 4 6 4-3-2 10H6z' },
  {
    to: '/zhanzhu',
    label: '品牌赞助',
    icon: 'M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9z',
  },
  {
    to: '/app',
    label: 'APP下载',
    icon: 'M8 3h8a1 1 0 011 1v16a1 1 0 01-1 1H8a1 1 0 01-1-1V4a1 1 0 011-1zM12 7v7M9.5 11.5L12 14l2.5-2.5M11 18h2',
  },
  { to: '/kefu', label: '在线客服', icon: 'M5 14v-2a7 7 0 0114 0v2M5 14h3v5H5zM16 14h3v5h-3z' },
  {
    to: '/applyagent',
    label: '合营计划',
    icon: 'M8 11a3 3 0 100-6 3 3 0 000 6zM16 11a3 3 0 100-6 3 3 0 000 6zM2 20c0-3 3-5 6-5s6 2 6 5M14 15c3 0 8 1 8 5',
  },
] as const;

/** docs/member-app.md "Layout": the home page's side drawer, sliding in from the left. */
export default function SideDrawer({ open, onClose, title }: { open: boolean; onClose: () => void; title: string }) {
  const go = useAppNavigate();
  const follow = (to: string) => {
    onClose();
    void go(to);
  };
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} position="left" bodyClassName="side-drawer">
      <nav aria-label="更多" className="side-drawer-nav">
        <p className="side-drawer-title">{title}</p>
        <ul>
          {LINKS.map((link) => (
            <li key={link.to}>
              <button type="button" className="side-drawer-link" onClick={() => follow(link.to)}>
                <LineIcon d={link.icon} size={20} strokeWidth={1.7} join="round" />
                <span>{link.label}</span>
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="side-drawer-close" onClick={onClose}>
          关闭菜单
        </button>
      </nav>
    </Popup>
  );
}
