import type { adminEndpoints } from '@h5/contract';
import { Alert, Button, Card, Form, Input, Table } from 'antd';
import type { DataOf } from '../../shared/api/client';
import { formatMoney } from '../../shared/format';
import { StatusTag } from '../../shared/ui/status-tag';
import { useMemberLedgerCheck } from './api';
import { FigureRow } from './figure-row';
import { PROBLEM } from './seal-problems';

type Result = DataOf<typeof adminEndpoints.ledgerMemberCheck>;

function Verdict({ result }: { result: Result }) {
  const name = result.member.username;
  const first = result.first;
  if (result.ok) {
    return (
      <Alert
        type="success"
        showIcon
        title={`会员 ${name} 的账目核对无误：${result.movements} 笔流水的封印、借贷与账户余额均一致。`}
      />
    );
  }
  const where = first
    ? `第一笔为流水 #${first.movementId}（${first.reference}，${first.at}）：${PROBLEM[first.problem]}`
    : '流水均无误，账户余额与其分录不一致（见下表）';
  if (result.problems > 0) {
    return <Alert type="error" showIcon title={`会员 ${name} 的账目有 ${result.problems} 处不符，${where}。`} />;
  }
  if (result.state === 'off') {
    return (
      <Alert
        type="warning"
        showIcon
        title={`账本封存未开启：会员 ${name} 的 ${result.movements} 笔流水借贷与账户余额一致，封印无从核对。`}
      />
    );
  }
  return (
    <Alert
      type="warning"
      showIcon
      title={`密钥不对：服务器的封存密钥不是当前密钥周期的，会员 ${name} 的封印无法核对，这不代表账目被改动。`}
    />
  );
}

/**
 * 核对单个会员: one member's history verified alone (every movement on the member's accounts: seal, chain link,
 * legs summing to zero; each account's balance against its entries), for a dispute.
 */
export function MemberCheck() {
  const check = useMemberLedgerCheck();
  const result = check.data;
  return (
    <Card title="核对单个会员" size="small" style={{ marginTop: 16 }}>
      <Form
        layout="inline"
        onFinish={(values: { username: string }) => check.mutate(values.username.trim())}
        style={{ marginBottom: 16 }}
      >
        <Form.Item
          name="username"
          label="会员账号"
          rules={[{ required: true, whitespace: true, message: '请输入要核对的会员账号' }]}
        >
          <Input allowClear maxLength={32} placeholder="会员账号" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={check.isPending}>
            核对
          </Button>
        </Form.Item>
      </Form>
      {check.isPending ? (
        <Alert type="info" showIcon title="正在核对该会员的全部流水…" />
      ) : check.isError ? (
        <Alert type="error" showIcon title={check.error.message || '核对失败，请稍后重试'} />
      ) : result ? (
        <>
          <div style={{ marginBottom: 16 }}>
            <Verdict result={result} />
          </div>
          <FigureRow
            figures={[
              ['核对流水', result.movements],
              ['封印核对无误', result.verified],
              ['封存前流水', result.legacy],
              ['待链入', result.unchained],
            ]}
          />
          <Table
            size="small"
            rowKey="code"
            pagination={false}
            dataSource={result.accounts}
            columns={[
              {
                title: '账户',
                dataIndex: 'code',
                render: (_v, a) => (a.kind === 'venue' ? `场馆 ${a.venue_code}` : '中心钱包'),
              },
              { title: '账户余额', dataIndex: 'balance', align: 'right', render: formatMoney },
              { title: '分录合计', dataIndex: 'entries', align: 'right', render: formatMoney },
              {
                title: '核对',
                dataIndex: 'matches',
                render: (matches: boolean) =>
                  matches ? <StatusTag tone="success">一致</StatusTag> : <StatusTag tone="danger">不一致</StatusTag>,
              },
            ]}
          />
        </>
      ) : null}
    </Card>
  );
}
