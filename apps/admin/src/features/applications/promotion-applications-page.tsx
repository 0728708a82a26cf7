import type { adminEndpoints } from '@h5/contract';
import type { RowOf } from '../../shared/api/client';
import { ReviewFacts } from '../../shared/ui/review-facts';
import { promotionQueue } from './api';
import { ReviewQueue } from './review-queue';

type Row = RowOf<typeof adminEndpoints.activityApplications>;

/** 优惠申请: members asking for a promotion. */
export default function PromotionApplicationsPage() {
  return (
    <ReviewQueue<Row>
      title="优惠申请"
      queue={promotionQueue}
      detailColumns={[{ title: '活动', dataIndex: 'activity_name' }]}
      describe={(row) => (
        <ReviewFacts
          facts={[
            ['会员', row.username ?? row.member_id],
            ['活动', row.activity_name],
            ['申请时间', row.created_at],
          ]}
        />
      )}
      invalidate={[['dashboardPending']]}
    />
  );
}
