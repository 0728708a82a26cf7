import type { PromotionApplication } from '@h5/contract';
import { promotionApplyStateLabel } from '@h5/contract/codes';
import { Button, InfiniteScroll } from 'antd-mobile';
import { EmptyState } from '../../shared/ui/empty-state';
import { PageLoading } from '../../shared/ui/page-loading';
import { usePromotionApplications } from './api';
import './promotions.css';

/** /activityRecord (SPEC 2): the member's promotion applications, page by page. */
export function ActivityRecordPage() {
  const log = usePromotionApplications();
  const rows = log.data?.pages.flatMap((p) => p.data) ?? [];

  const loadMore = async () => {
    const result = await log.fetchNextPage();
    // InfiniteScroll shows its retry link when loadMore throws; without this it would ask again and again.
    if (result.isError) throw result.error;
  };

  return (
    <main className="page activity-record" aria-label="活动记录">
      {log.isPending ? (
        <PageLoading />
      ) : log.isError && rows.length === 0 ? (
        <EmptyState title="加载失败">
          <Button size="small" color="primary" fill="outline" onClick={() => void log.refetch()}>
            重新加载
          </Button>
        </EmptyState>
      ) : rows.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <ul className="apply-list" aria-label="活动申请列表">
            {rows.map((row) => (
              <ApplicationRow key={row.id} row={row} />
            ))}
          </ul>
          <InfiniteScroll loadMore={loadMore} hasMore={log.hasNextPage} />
        </>
      )}
    </main>
  );
}

function ApplicationRow({ row }: { row: PromotionApplication }) {
  return (
    <li className="apply-row" data-state={row.state}>
      <div className="apply-row-main">
        <span className="apply-name">{row.activity_name}</span>
        <time className="apply-time">{row.created_at}</time>
      </div>
      {/* SPEC 4: 1 pending, 2 approved, 3 rejected; 0 and 4 unspecified. */}
      <span className={`apply-state state-${row.state}`}>{promotionApplyStateLabel(row.state)}</span>
    </li>
  );
}
