import type { adminEndpoints } from '@h5/contract';
import { Descriptions } from 'antd';
import type { RowOf } from '../../shared/api/client';
import { fetchPromotionApplications, promotionReview } from './api';
import { ReviewQueue } from './review-queue';

type Row = RowOf<typeof adminEndpoints.activityApplications>;

/** 优惠申请: members asking for a promotion. */
export default function PromotionApplicationsPage() {
  return (
    <ReviewQueue<Row>
      title="优惠申请"
      what="优惠申请"
      queryKey="activityApplications"
      fetchPage={fetchPromotionApplications}
      review={promotionReview}
      detailColumns={[{ title: '活动', dataIndex: 'activity_name' }]}
      describe={(row) => (
        <Descriptions column={1} size="small" style={{ marginBottom: 12 }}>
          <Descriptions.Item label="会员">{row.username ?? row.member_id}</Descriptions.Item>
          <Descriptions.Item label="活动">{row.activity_name}</Descriptions.Item>
          <Descriptions.Item label="申请时间">{row.created_at}</Descriptions.Item>
        </Descriptions>
      )}
      invalidate={[['dashboardPending']]}
    />
  );
}
