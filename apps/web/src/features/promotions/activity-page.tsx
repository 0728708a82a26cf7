import type { Promotion } from '@h5/contract';
import { useState } from 'react';
import { Link } from '../../shared/router/router';
import { EmptyState } from '../../shared/ui/empty-state';
import { Skeleton, SkeletonGroup } from '../../shared/ui/skeleton';
import { usePromotions, usePromotionTypes } from './api';
import './promotions.css';
import '../../shared/ui/lists.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import { LoadMore } from '../../shared/ui/load-more';
import { Tabs } from '../../shared/ui/tabs';

const ALL = 'all';

/** /activity (docs/member-app.md "Screens and routes"): promotions with type tabs, 全部 plus the server's types; a card opens its detail. */
export function ActivityPage() {
  const [tab, setTab] = useState(ALL);
  const types = usePromotionTypes();
  const type = tab === ALL ? undefined : Number(tab);
  const promotions = usePromotions(type);
  const rows = promotions.data?.pages.flatMap((p) => p.data) ?? [];

  const loadMore = async () => {
    const result = await promotions.fetchNextPage();
    // LoadMore shows its retry button when loadMore throws; without this it would ask again and again.
    if (result.isError) throw result.error;
  };

  return (
    <main className="page activity-page" aria-label="优惠活动">
      <h1 className="activity-heading">优惠活动</h1>
      <Tabs
        label="活动类型"
        className="activity-tabs"
        activeKey={tab}
        onChange={setTab}
        items={[{ key: ALL, title: '全部' }, ...(types.data ?? []).map((t) => ({ key: String(t.id), title: t.name }))]}
      />

      {promotions.isPending ? (
        <SkeletonGroup label="活动加载中" className="column-list activity-list">
          {[0, 1, 2].map((i) => (
            <div key={i} className="activity-card">
              <Skeleton className="activity-banner-skeleton" />
              <Skeleton className="activity-title-skeleton" />
            </div>
          ))}
        </SkeletonGroup>
      ) : promotions.isError && rows.length === 0 ? (
        <LoadFailed onRetry={() => promotions.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <ul className="column-list activity-list" aria-label="活动列表">
            {rows.map((row) => (
              <PromotionCard key={row.id} promotion={row} />
            ))}
          </ul>
          <LoadMore loadMore={loadMore} hasMore={promotions.hasNextPage} />
        </>
      )}
    </main>
  );
}

function PromotionCard({ promotion }: { promotion: Promotion }) {
  return (
    <li>
      <Link className="activity-card" to={`/activityInfo?id=${promotion.id}`} data-activity-id={promotion.id}>
        {promotion.banner ? (
          // The title follows in the same link: the picture adds nothing to read out.
          <img className="activity-banner" src={promotion.banner} alt="" loading="lazy" />
        ) : (
          <span className="activity-banner activity-banner-blank" aria-hidden="true" />
        )}
        <span className="activity-title">{promotion.title}</span>
      </Link>
    </li>
  );
}
