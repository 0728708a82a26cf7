import type { adminEndpoints } from '@h5/contract';
import { Alert, Button, Card, Typography } from 'antd';
import type { DataOf } from '../../shared/api/client';
import { formatMoney } from '../../shared/format';
import { PageLoading } from '../../shared/ui/page-loading';
import { PageTitle } from '../../shared/ui/page-title';
import { ShortTable } from '../../shared/ui/short-table';
import { useLedgerCheck, useLedgerDigests } from './api';
import { FigureRow } from './figure-row';
import { MemberCheck } from './member-check';
import { PROBLEM } from './seal-problems';

type Seal = DataOf<typeof adminEndpoints.ledgerCheck>['seal'];

/** 账本封存: every movement's MAC and the chain, the last sealed movement, and the daily digests to copy elsewhere. */
function SealSection({ seal }: { seal: Seal }) {
  const digests = useLedgerDigests();
  const first = seal.first;
  const alert =
    seal.state === 'sealed' ? (
      <Alert type="success" showIcon title="账本封存完好：封存以来每笔流水的封印与链均核对无误。" />
    ) : seal.state === 'off' ? (
      <Alert type="warning" showIcon title="账本封存未开启：服务器未配置 LEDGER_SEAL_KEY，流水不带封印。" />
    ) : seal.state === 'wrong-key' ? (
      <Alert
        type="warning"
        showIcon
        title={`密钥不对：服务器的封存密钥（${seal.keyId ?? '-'}）不是当前密钥周期的（${seal.periodKeyId ?? '-'}），无法核对，这不代表账目被改动。`}
      />
    ) : (
      <Alert
        type="error"
        showIcon
        title={`账本封印不符：${seal.problems} 处，第一笔为流水 #${first?.movementId ?? '-'}${first?.reference ? `（${first.reference}）` : ''}：${first ? PROBLEM[first.problem] : ''}`}
      />
    );
  return (
    <Card title="账本封存" size="small" style={{ marginTop: 16 }}>
      <div style={{ marginBottom: 16 }}>{alert}</div>
      <FigureRow
        figures={[
          ['已核对封印', seal.verified],
          ['待链入', seal.unchained],
          ['最后封存流水', seal.lastSealed ? `#${seal.lastSealed.movementId}` : '-'],
          ['最后封存时间', seal.lastSealed?.at ?? '-'],
        ]}
      />
      <ShortTable
        rowKey="day"
        loading={digests.isPending}
        dataSource={digests.data ?? []}
        empty="还没有每日摘要"
        title={() => '每日摘要（北京时间零点的链头，请抄存到系统之外）'}
        columns={[
          { title: '日期', dataIndex: 'day' },
          { title: '链序号', dataIndex: 'chainSeq', align: 'right' },
          {
            title: '链哈希',
            dataIndex: 'chainHash',
            render: (hash: string) => (
              <Typography.Text code copyable>
                {hash}
              </Typography.Text>
            ),
          },
          { title: '记录时间', dataIndex: 'recordedAt' },
        ]}
      />
    </Card>
  );
}

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
          <FigureRow
            boxed
            figures={[
              ['账户数', result.accounts],
              ['全部账户合计', formatMoney(result.total)],
              ['不一致账户', result.mismatched.length],
            ]}
          />
          <Card title="不一致的账户" size="small">
            <ShortTable
              rowKey="code"
              dataSource={result.mismatched}
              empty="没有不一致的账户"
              columns={[
                { title: '账户', dataIndex: 'code' },
                { title: '账户余额', dataIndex: 'balance', align: 'right', render: formatMoney },
                { title: '分录合计', dataIndex: 'entries', align: 'right', render: formatMoney },
              ]}
            />
          </Card>
          <SealSection seal={result.seal} />
        </>
      ) : (
        <Alert type="error" showIcon title="核对失败，请稍后重试" />
      )}
      <MemberCheck />
    </>
  );
}
