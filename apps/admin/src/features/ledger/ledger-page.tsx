import { Alert, Button, Card, Col, Row, Statistic, Table } from 'antd';
import { formatMoney } from '../../shared/format';
import { emptyLocale } from '../../shared/ui/empty';
import { PageLoading } from '../../shared/ui/page-loading';
import { PageTitle } from '../../shared/ui/page-title';
import { useLedgerCheck } from './api';

/** 账务核对: the double-entry invariants (all accounts sum to zero, each balance equals its entries). */
export default function LedgerPage() {
  const check = useLedgerCheck();
  const result = check.data;
  return (
    <>
      <PageTitle
        extra={
          <Button type="primary" loading={check.isFetching} onClick={() => void check.refetch()}>
            重新核对
          </Button>
        }
      >
        账务核对
      </PageTitle>
      {check.isPending ? (
        <PageLoading label="正在核对账务…" />
      ) : result ? (
        <>
          {result.balanced ? (
            <Alert
              type="success"
              showIcon
              title="账务平衡：所有账户合计为零，每个账户余额与其分录一致。"
              style={{ marginBottom: 16 }}
            />
          ) : (
            <Alert
              type="error"
              showIcon
              title={`账务不平：${result.mismatched.length} 个账户余额与分录不一致${Number(result.total) !== 0 ? `，全部账户合计 ${formatMoney(result.total)}` : ''}`}
              style={{ marginBottom: 16 }}
            />
          )}
          <Row gutter={16} style={{ marginBottom: 16 }}>
            <Col xs={12} md={6}>
              <Card>
                <Statistic title="账户数" value={result.accounts} />
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card>
                <Statistic title="全部账户合计" value={formatMoney(result.total)} />
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card>
                <Statistic title="不一致账户" value={result.mismatched.length} />
              </Card>
            </Col>
          </Row>
          <Card title="不一致的账户" size="small">
            <Table
              size="small"
              rowKey="code"
              pagination={false}
              dataSource={result.mismatched}
              locale={emptyLocale('没有不一致的账户')}
              columns={[
                { title: '账户', dataIndex: 'code' },
                { title: '账户余额', dataIndex: 'balance', align: 'right', render: formatMoney },
                { title: '分录合计', dataIndex: 'entries', align: 'right', render: formatMoney },
              ]}
            />
          </Card>
        </>
      ) : (
        <Alert type="error" showIcon title="核对失败，请稍后重试" />
      )}
    </>
  );
}
