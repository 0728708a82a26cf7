import { Button } from './button';
import { EmptyState } from './empty-state';

/** A load that failed: says so (加载失败 unless told otherwise) beside a 重新加载 button that asks again. */
export function LoadFailed({ title = '加载失败', onRetry }: { title?: string; onRetry: () => unknown }) {
  return (
    <EmptyState title={title}>
      <Button size="small" color="primary" fill="outline" onClick={() => void onRetry()}>
        重新加载
      </Button>
    </EmptyState>
  );
}
