import { Link } from '../../shared/router/router';
import { HELP_ARTICLES } from './articles';
import './help.css';

/** docs/member-app.md "Screens by route" /boutBallBet: the help centre list. */
export function HelpListPage() {
  return (
    <main className="help-page">
      <section className="help-hero">
        <h2>您好，有什么可以帮您？</h2>
        <p>常见问题与平台规则都在这里，找不到答案请联系7×24小时在线客服。</p>
      </section>
      <ul className="help-list">
        {HELP_ARTICLES.map((article) => (
          <li key={article.type}>
            <Link className="help-link" to={`/boutBallBetInfo?type=${article.type}`}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path d={article.icon} fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinejoin="round" />
              </svg>
              <span>{article.title}</span>
              <svg className="help-chevron" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
