import { StatusTag } from '../../shared/ui/status-tag';
import { adminEndpoints } from '@h5/contract';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Col, Descriptions, Result, Row, Space, Statistic } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatMoney } from '../../shared/format';
import { MemberStateTag } from '../../shared/labels';
import { useCan } from '../../shared/session/use-can';
import { useConfirmAction } from '../../shared/ui/confirm-action';
import { PageLoading } from '../../shared/ui/page-loading';
import { PageTitle } from '../../shared/ui/page-title';
import { ShortTable } from '../../shared/ui/short-table';
import { AdjustDialog } from './adjust-dialog';
import { memberKey, memberStateCall, recycleCall, useMember } from './api';
import { MemberTabs } from './member-tabs';
import { ResponsibleCard } from './responsible-card';

const e = adminEndpoints;

/** A member: profile, balances (central and per venue), VIP, state, cards, the record tabs, and the money actions. */
export default function MemberDetailPage() {
  const id = Number(useParams().id);
  const member = useMember(id);
  const confirm = useConfirmAction();
  const [adjusting, setAdjusting] = useState(false);
  const canAdjust = useCan(e.memberAdjust);
  const canRecycle = useCan(e.memberRecycle);
  const canState = useCan(e.memberState);

  if (member.isPending) return <PageLoading />;
  const m = member.data;
  if (!m) {
    return (
      <Result
        status="404"
        title="会员不存在"
        extra={
          <Link to="/members">
            <ArrowLeftOutlined aria-hidden /> 返回会员列表
          </Link>
        }
      />
    );
  }
  const touched = [memberKey(m.id), ['memberTab', m.id], ['members']];

  const recycle = () =>
    confirm({
      title: '一键回收',
      content: `把会员 ${m.username} 所有场馆的余额转回中心钱包？`,
      okText: '确认回收',
      action: () => recycleCall(m.id),
      invalidate: touched,
      success: (r) => `${r.message || '回收完成'}，中心钱包 ${formatMoney(r.data.balance)}`,
    });
  const toggleState = () => {
    const disable = m.state === 1;
    confirm({
      title: disable ? '禁用会员' : '启用会员',
      content: disable
        ? `禁用后会员 ${m.username} 将立即下线，无法登录和使用资金功能。`
        : `启用后会员 ${m.username} 可以重新登录。`,
      okText: disable ? '确认禁用' : '确认启用',
      danger: disable,
      action: () => memberStateCall(m.id, disable ? 0 : 1),
      invalidate: touched,
      success: disable ? '会员已禁用' : '会员已启用',
    });
  };

  return (
    <>
      <PageTitle
        extra={
          <Space wrap>
            {canAdjust && (
              <Button type="primary" onClick={() => setAdjusting(true)}>
                调整余额
              </Button>
            )}
            {canRecycle && <Button onClick={recycle}>一键回收</Button>}
            {canState && (
              <Button danger={m.state === 1} onClick={toggleState}>
                {m.state === 1 ? '禁用' : '启用'}
              </Button>
            )}
          </Space>
        }
      >
        <Link to="/members" aria-label="返回会员列表" style={{ marginRight: 12 }}>
          <ArrowLeftOutlined aria-hidden />
        </Link>
        {`会员详情：${m.username}`}
      </PageTitle>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title="基本信息" size="small">
            <Descriptions column={{ xs: 1, md: 2 }} size="small">
              <Descriptions.Item label="会员ID">{m.id}</Descriptions.Item>
              <Descriptions.Item label="用户名">{m.username}</Descriptions.Item>
              <Descriptions.Item label="真实姓名">{m.realname || '-'}</Descriptions.Item>
              <Descriptions.Item label="手机号">{m.mobile || '-'}</Descriptions.Item>
              <Descriptions.Item label="邮箱">{m.email || '-'}</Descriptions.Item>
              <Descriptions.Item label="生日">{m.birthday || '-'}</Descriptions.Item>
              <Descriptions.Item label="VIP等级">{`VIP${m.vip}`}</Descriptions.Item>
              <Descriptions.Item label="状态">
                <MemberStateTag state={m.state} />
              </Descriptions.Item>
              <Descriptions.Item label="代理">
                {m.isagent ? <StatusTag tone="info">是</StatusTag> : '否'}
              </Descriptions.Item>
              <Descriptions.Item label="邀请人">
                {m.inviter_id ? <Link to={`/members/${m.inviter_id}`}>{`会员 ${m.inviter_id}`}</Link> : '-'}
              </Descriptions.Item>
              <Descriptions.Item label="注册IP">{m.register_ip || '-'}</Descriptions.Item>
              <Descriptions.Item label="注册时间">{m.created_at}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title="资金" size="small">
            <Row gutter={[16, 16]}>
              {(
                [
                  ['中心钱包', m.balance],
                  ['场馆余额合计', m.gameblance],
                  ['累计存款', m.paysum],
                  ['累计有效投注', m.turnover],
                ] as const
              ).map(([title, amount]) => (
                <Col span={12} key={title}>
                  <Statistic title={title} value={formatMoney(amount)} />
                </Col>
              ))}
              <Col span={24}>
                <Statistic
                  title="提款还需打码量"
                  value={formatMoney(m.turnover_required)}
                  styles={{ content: { color: Number(m.turnover_required) > 0 ? '#a35a00' : undefined } }}
                />
              </Col>
            </Row>
            <ShortTable
              style={{ marginTop: 16 }}
              rowKey="code"
              dataSource={m.venues}
              empty="暂无场馆余额"
              columns={[
                { title: '场馆', dataIndex: 'name' },
                { title: '场馆余额', dataIndex: 'balance', align: 'right', render: formatMoney },
              ]}
            />
          </Card>
        </Col>
        <Col span={24}>
          <Card title="银行卡与钱包地址" size="small">
            <ShortTable
              rowKey="id"
              dataSource={m.cards}
              empty="未绑定银行卡"
              columns={[
                { title: '类型', dataIndex: 'type', render: (v: number) => (v === 2 ? 'USDT地址' : '银行卡') },
                { title: '银行/协议', dataIndex: 'bank' },
                { title: '户名', dataIndex: 'bank_owner' },
                { title: '卡号/地址', dataIndex: 'bank_no_masked' },
                { title: '开户行', dataIndex: 'bank_address', render: (v: string) => v || '-' },
                { title: '绑定时间', dataIndex: 'created_at' },
              ]}
            />
          </Card>
        </Col>
        <Col span={24}>
          <ResponsibleCard memberId={m.id} />
        </Col>
        <Col span={24}>
          <Card size="small">
            <MemberTabs memberId={m.id} />
          </Card>
        </Col>
      </Row>
      {canAdjust && <AdjustDialog member={m} open={adjusting} onClose={() => setAdjusting(false)} />}
    </>
  );
}
