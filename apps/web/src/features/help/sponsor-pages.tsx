import { Link, useSearchParams } from '../../shared/router/router';
import { EmptyState } from '../../shared/ui/empty-state';
import './help.css';

/** Our own two sponsorship pages, served as static files next to the app (apps/web/public/sponsor). */
export const SPONSORSHIPS = [
  {
    type: '1',
    title: '星河体育 × 蓝湾海豚足球俱乐部',
    summary: '2024-2026 赛季官方区域合作伙伴，助力青训与社区足球。',
    art: 'M12 3a9 9 0 100 18 9 9 0 000-18zM12 8l3.5 2.5-1.3 4h-4.4l-1.3-4z',
  },
  {
    type: '2',
    title: '星河体育 × 极光电竞战队',
    summary: '战队主赞助商，共同征战亚洲电竞邀请赛。',
    art: 'M6 8h12a4 4 0 014 4v1a4 4 0 01-7 2.6l-.8-.9h-4.4l-.8.9A4 4 0 012 13v-1a4 4 0 014-4z',
  },
] as const;

/** docs/member-app.md "Screens by route" /zhanzhu: sponsorship page linking to /zhanzhuye?type=1 or 2. */
export function SponsorPage() {
  return (
    <main className="page sponsor-page">
      <h1 className="page-title">品牌赞助</h1>
      <ul className="sponsor-list">
        {SPONSORSHIPS.map((s) => (
          <li key={s.type}>
            <Link className="sponsor-card" to={`/zhanzhuye?type=${s.type}`}>
              <span className="sponsor-art" aria-hidden="true">
                <svg viewBox="0 0 24 24" width="40" height="40">
                  <path d={s.art} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
                </svg>
              </span>
              <span className="sponsor-text">
                <strong>{s.title}</strong>
                <span>{s.summary}</span>
                <span className="sponsor-more">查看详情</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}

/** docs/member-app.md "Screens by route" /zhanzhuye?type=1|2: the sponsorship story in a frame. */
export function SponsorDetailPage() {
  const [params] = useSearchParams();
  const sponsorship = SPONSORSHIPS.find((s) => s.type === params.get('type'));
  if (!sponsorship) return <EmptyState />;
  return (
    <iframe
      className="sponsor-frame"
      src={`${import.meta.env.BASE_URL}sponsor/${sponsorship.type}.html`}
      title={sponsorship.title}
    />
  );
}
