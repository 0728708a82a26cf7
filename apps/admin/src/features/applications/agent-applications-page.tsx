import type { adminEndpoints } from '@h5/contract';
import { Typography } from 'antd';
import type { RowOf } from '../../shared/api/client';
import { ReviewFacts } from '../../shared/ui/review-facts';
import { agentQueue } from './api';
import { ReviewQueue } from './review-queue';

type Row = RowOf<typeof adminEndpoints.agentApplications>;

/** 代理申请: members asking to join the partner programme (approval makes them agents). */
export default function AgentApplicationsPage() {
  return (
    <ReviewQueue<Row>
      title="代理申请"
      queue={agentQueue}
      detailColumns={[
        { title: '手机号', dataIndex: 'mobile', render: (v: string) => v || '-' },
        {
          title: '申请说明',
          dataIndex: 'apply_info',
          render: (v: string) => (
            <Typography.Paragraph ellipsis={{ rows: 2, expandable: true, symbol: '展开' }} style={{ margin: 0 }}>
              {v || '-'}
            </Typography.Paragraph>
          ),
        },
      ]}
      describe={(row) => (
        <ReviewFacts
          facts={[
            ['会员', row.username ?? row.member_id],
            ['手机号', row.mobile || '-'],
            ['申请说明', row.apply_info || '-'],
          ]}
        />
      )}
      invalidate={[['dashboardPending'], ['member'], ['members']]}
    />
  );
}
