import type { adminEndpoints } from '@h5/contract';
import { Descriptions, Typography } from 'antd';
import type { RowOf } from '../../shared/api/client';
import { agentReview, fetchAgentApplications } from './api';
import { ReviewQueue } from './review-queue';

type Row = RowOf<typeof adminEndpoints.agentApplications>;

/** 代理申请: members asking to join the partner programme (approval makes them agents). */
export default function AgentApplicationsPage() {
  return (
    <ReviewQueue<Row>
      title="代理申请"
      what="代理申请"
      queryKey="agentApplications"
      fetchPage={fetchAgentApplications}
      review={agentReview}
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
        <Descriptions column={1} size="small" style={{ marginBottom: 12 }}>
          <Descriptions.Item label="会员">{row.username ?? row.member_id}</Descriptions.Item>
          <Descriptions.Item label="手机号">{row.mobile || '-'}</Descriptions.Item>
          <Descriptions.Item label="申请说明">{row.apply_info || '-'}</Descriptions.Item>
        </Descriptions>
      )}
      invalidate={[['dashboardPending'], ['member'], ['members']]}
    />
  );
}
