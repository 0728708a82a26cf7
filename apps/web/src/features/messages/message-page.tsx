import { Tabs } from 'antd-mobile';
import { useSearchParams } from '../../shared/router/router';
import { loadedRows, PagedList } from '../../shared/ui/paged-list';
import { SafeHtml } from '../../shared/ui/safe-html';
import { MESSAGE_TABS, useMessages, useSiteNotices } from './api';
import './messages.css';
import '../../shared/ui/lists.css';
import { TitledSection } from '../../shared/ui/titled-section';

const typeOf = (raw: string | null): number => (raw === '2' ? 2 : 1);

/** /message?type (docs/member-app.md "Screens and routes"): announcements (1) and inbox messages (2), each a paged list; the layout gives the back bar. */
export function MessagePage() {
  const [params, setParams] = useSearchParams();
  const type = typeOf(params.get('type'));
  const messages = useMessages(type);
  const { rows } = loadedRows(messages.data);
  const notices = useSiteNotices().data ?? [];
  const showNotices = type === 1 && notices.length > 0;

  return (
    <main className="page messages-page" aria-label="消息中心">
      <Tabs
        activeKey={String(type)}
        onChange={(key) => setParams({ type: key }, { replace: true })}
        className="page-tabs"
      >
        {MESSAGE_TABS.map((t) => (
          <Tabs.Tab key={String(t.type)} title={t.label} />
        ))}
      </Tabs>

      {showNotices && (
        <TitledSection
          titleId="site-notices-title"
          title="站点公告"
          className="site-notices"
          titleClassName="site-notices-title"
        >
          <ul className="column-list messages-list" aria-label="站点公告">
            {notices.map((text, i) => (
              <li key={i} className="message-item site-notice">
                {text}
              </li>
            ))}
          </ul>
        </TitledSection>
      )}

      {/* With the site's notices shown, an empty announcement list says nothing more. */}
      {!(showNotices && !messages.isPending && rows.length === 0) && (
        <PagedList
          query={messages}
          rows={rows}
          label={type === 1 ? '公告列表' : '站内信列表'}
          className="column-list messages-list"
          renderRow={(m) => (
            <li key={m.id} className="message-item">
              <article aria-labelledby={`message-${m.id}`}>
                <header className="message-head">
                  <h3 id={`message-${m.id}`} className="message-title">
                    {m.title}
                  </h3>
                  <time className="message-time">{m.created_at}</time>
                </header>
                <SafeHtml className="rich-text message-content" html={m.content} />
              </article>
            </li>
          )}
        />
      )}
    </main>
  );
}
