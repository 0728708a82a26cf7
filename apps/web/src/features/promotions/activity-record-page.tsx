import type { PromotionApplication } from '@h5/contract';
import { promotionApplyStateLabel } from '@h5/contract/codes';
import { loadedRows, PagedList } from '../../shared/ui/paged-list';
import { usePromotionApplications } from './api';
import './promotions.css';
import '../../shared/ui/lists.css';

/** /activityRecord (docs/member-app.md "Screens and routes"): the member's promotion applications, page by page. */
export function ActivityRecordPage() {
  const log = usePromotionApplications();
  const { rows } = loadedRows(log.data);

  return (
    <main className="page activity-record" aria-label="活动记录">
      <PagedList
        query={log}
        rows={rows}
        label="活动申请列表"
        className="column-list apply-list"
        renderRow={(row) => <ApplicationRow key={row.id} row={row} />}
      />
    </main>
  );
}

function ApplicationRow({ row }: { row: PromotionApplication }) {
  return (
    <li className="record-card apply-row" data-state={row.state}>
      <div className="apply-row-main">
        <span className="apply-name">{row.activity_name}</span>
        <time className="apply-time">{row.created_at}</time>
      </div>
      {/* docs/member-app.md "States and transitions": 1 pending, 2 approved, 3 rejected; 0 and 4 unspecified. */}
      <span className={`apply-state state-${row.state}`}>{promotionApplyStateLabel(row.state)}</span>
    </li>
  );
}
