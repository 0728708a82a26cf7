import { Table } from 'antd';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const show = (v: unknown) => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/** An audit row's before and after side by side, one line per field, changed fields marked. */
export function BeforeAfter({ before, after }: { before: unknown; after: unknown }) {
  const b = isRecord(before) ? before : before == null ? {} : { 值: before };
  const a = isRecord(after) ? after : after == null ? {} : { 值: after };
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  if (!keys.length) return <span>无变更内容</span>;
  const rows = keys.map((key) => ({
    key,
    before: b[key],
    after: a[key],
    changed: JSON.stringify(b[key]) !== JSON.stringify(a[key]),
  }));
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={rows}
      style={{ maxWidth: 900 }}
      rowClassName={(row) => (row.changed ? 'audit-changed' : '')}
      columns={[
        { title: '字段', dataIndex: 'key', width: 180 },
        { title: '变更前', dataIndex: 'before', render: (v: unknown) => <code>{show(v)}</code> },
        {
          title: '变更后',
          dataIndex: 'after',
          render: (v: unknown, row) =>
            row.changed ? (
              <strong>
                <code>{show(v)}</code>
              </strong>
            ) : (
              <code>{show(v)}</code>
            ),
        },
      ]}
    />
  );
}
