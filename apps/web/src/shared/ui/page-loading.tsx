import { DotLoading } from 'antd-mobile';

export function PageLoading({ label = '加载中' }: { label?: string }) {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <DotLoading color="primary" />
      <span>{label}</span>
    </div>
  );
}
