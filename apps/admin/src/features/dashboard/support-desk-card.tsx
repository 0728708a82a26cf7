import { adminEndpoints, SUPPORT_RATING_DAYS } from '@h5/contract';
import { Alert, Card, Col, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { useCan } from '../../shared/session/use-can';
import { PageLoading } from '../../shared/ui/page-loading';
import { useSupportDeskStats } from './api';

/** 75 seconds as 1分15秒. */
function waitText(seconds: number) {
  if (seconds < 60) return `${seconds}秒`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}分${seconds % 60}秒`;
  return `${Math.floor(minutes / 60)}小时${minutes % 60}分`;
}

/** 在线客服 on 仪表盘 (docs/operators.md "The support desk"): the members' ratings of the last 7 days and who waits. */
export function SupportDeskSection() {
  const allowed = useCan(adminEndpoints.supportDeskStats);
  const stats = useSupportDeskStats(allowed);
  if (!allowed) return null;
  return (
    <section aria-label="在线客服" style={{ marginTop: 24 }}>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        在线客服
      </Typography.Title>
      {stats.isPending ? (
        <PageLoading label="正在加载客服数据…" />
      ) : stats.isError ? (
        <Alert type="error" showIcon title="客服数据获取失败，15 秒后自动重试" />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} sm={12} xl={6}>
            <Card>
              <Statistic
                title={`近${SUPPORT_RATING_DAYS}天平均评分`}
                value={stats.data.rating_average ?? '暂无评价'}
                suffix={stats.data.rating_average ? '/ 5' : undefined}
              />
              <Typography.Text type="secondary">{`共 ${stats.data.rating_count} 次评价`}</Typography.Text>
            </Card>
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <Card>
              <Statistic title="等待回复" value={stats.data.waiting} suffix="位" />
              <Typography.Text type="secondary">
                {stats.data.waiting ? `最长已等待 ${waitText(stats.data.oldest_waiting_seconds)}` : '无人等待'}
              </Typography.Text>
              <div style={{ marginTop: 8 }}>
                <Link to="/support">去接待：客服</Link>
              </div>
            </Card>
          </Col>
        </Row>
      )}
    </section>
  );
}
