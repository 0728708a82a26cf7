import { adminEndpoints, type DashboardPending } from '@h5/contract';
import { Alert, Badge, Card, Col, Row, Space, Statistic, Switch, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useCan } from '../../shared/session/use-can';
import { PageLoading } from '../../shared/ui/page-loading';
import { PageTitle } from '../../shared/ui/page-title';
import { useDashboardPending } from './api';
import { playChime, unlockChime } from '../../shared/ui/chime';
import { DashboardFiguresSection } from './figures';
import { SupportDeskSection } from './support-desk-card';

type Pending = z.output<typeof DashboardPending>;
type QueueName = Exclude<keyof Pending, 'ledger'>;

const QUEUES: { name: QueueName; title: string; to: string }[] = [
  { name: 'deposits', title: '待审核存款', to: '/deposits' },
  { name: 'withdrawals', title: '待审核提款', to: '/withdrawals' },
  { name: 'activity_applications', title: '待审核优惠申请', to: '/promotion-applications' },
  { name: 'agent_applications', title: '待审核代理申请', to: '/agent-applications' },
  { name: 'adjustments', title: '待复核调整', to: '/adjustments' },
  { name: 'integration_changes', title: '待审批接入变更', to: '/integration-changes' },
];

const SOUND_KEY = 'admin.dashboard.sound';

/** Whether the new-item sound is on: on unless the operator turned it off on this browser. */
function readSound() {
  return localStorage.getItem(SOUND_KEY) !== 'off';
}

/**
 * 仪表盘: what waits in each review queue today, polled every 15 s (a new arrival chimes and carries a badge), and
 * for finance today's figures against yesterday's with the last 30 days.
 */
export default function DashboardPage() {
  const seesQueues = useCan(adminEndpoints.dashboardPending);
  const pending = useDashboardPending(seesQueues);
  const seesFigures = useCan(adminEndpoints.dashboardFigures);
  const [sound, setSound] = useState(readSound);
  const [fresh, setFresh] = useState<Partial<Record<QueueName, boolean>>>({});
  const seen = useRef<Partial<Record<QueueName, number | null>>>({});

  useEffect(() => {
    const data = pending.data;
    if (!data) return;
    const arrived: QueueName[] = [];
    for (const { name } of QUEUES) {
      const newest = data[name]?.newest_id ?? null;
      // The first answer is the baseline: only what arrives while the dashboard is open is "new".
      if (name in seen.current) {
        const before = seen.current[name] ?? null;
        if (newest !== null && (before === null || newest > before)) arrived.push(name);
      }
      seen.current[name] = newest;
    }
    if (!arrived.length) return;
    setFresh((current) => ({ ...current, ...Object.fromEntries(arrived.map((name) => [name, true])) }));
    if (sound) playChime();
    // Toggling the sound re-runs this on the same answer, which finds nothing new.
  }, [pending.data, sound]);

  const toggleSound = (on: boolean) => {
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
    setSound(on);
    if (on) unlockChime();
  };

  const visible = QUEUES.filter((q) => pending.data?.[q.name]);
  return (
    // Any click on the page counts as the gesture browsers want before a sound may play.
    <div onPointerDown={unlockChime}>
      <PageTitle
        extra={
          seesQueues ? (
            <Space>
              <label htmlFor="dashboard-sound">新单提示音</label>
              <Switch
                id="dashboard-sound"
                checked={sound}
                onChange={toggleSound}
                checkedChildren="开"
                unCheckedChildren="关"
              />
            </Space>
          ) : undefined
        }
      >
        仪表盘
      </PageTitle>
      {pending.data?.ledger?.balanced === false && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={`账目不平：定时账务核对（${pending.data.ledger.checked_at ?? ''}）发现${
            pending.data.ledger.mismatched ? ` ${pending.data.ledger.mismatched} 个账户不符` : '全部账户合计不为零'
          }`}
          action={<Link to="/ledger">去账务核对</Link>}
          style={{ marginBottom: 16 }}
        />
      )}
      {seesQueues && (
        <>
          {pending.isError && (
            <Alert type="error" showIcon title="待办数量获取失败，15 秒后自动重试" style={{ marginBottom: 16 }} />
          )}
          {pending.isPending ? (
            <PageLoading />
          ) : (
            <Row gutter={[16, 16]}>
              {visible.map(({ name, title, to }) => (
                <Col key={name} xs={24} sm={12} xl={6}>
                  <Card>
                    <Badge dot={false} count={fresh[name] ? '新' : 0} offset={[12, 0]}>
                      <Statistic title={title} value={pending.data?.[name]?.pending ?? 0} suffix="笔" />
                    </Badge>
                    <div style={{ marginTop: 12 }}>
                      <Link to={to} onClick={() => setFresh((current) => ({ ...current, [name]: false }))}>
                        {`去审核：${title.replace(/^待(审核|复核|审批)/, '')}`}
                      </Link>
                    </div>
                  </Card>
                </Col>
              ))}
              {!visible.length && (
                <Col span={24}>
                  <Typography.Text type="secondary">您的角色没有需要审核的队列。</Typography.Text>
                </Col>
              )}
            </Row>
          )}
          <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
            每 15 秒自动刷新；有新的待审核单时显示“新”标记{sound ? '并播放提示音' : ''}。
          </Typography.Paragraph>
        </>
      )}
      <SupportDeskSection />
      {seesFigures && <DashboardFiguresSection />}
    </div>
  );
}
