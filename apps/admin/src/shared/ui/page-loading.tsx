import { Spin } from 'antd';

/** What every wait shows: a centred spinner with a spoken label. */
export function PageLoading({ label = '加载中…' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" style={{ padding: '80px 0', textAlign: 'center' }}>
      <Spin size="large" />
      <div style={{ marginTop: 12, color: 'rgba(0,0,0,0.65)' }}>{label}</div>
    </div>
  );
}
