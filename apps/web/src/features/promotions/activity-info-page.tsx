import { MSG } from '@h5/contract/messages';
import { Button, Toast } from 'antd-mobile';
import { useNavigate, useSearchParams } from '../../shared/router/router';
import { useSession } from '../../shared/session/hooks';
import { EmptyState } from '../../shared/ui/empty-state';
import { SafeHtml } from '../../shared/ui/safe-html';
import { Skeleton, SkeletonGroup } from '../../shared/ui/skeleton';
import { useApplyPromotion, usePromotionDetail } from './api';
import './promotions.css';
import { LoadFailed } from '../../shared/ui/load-failed';

function idOf(raw: string | null): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** /activityInfo?id= (docs/member-app.md "Screens and routes"): banner, title, content and memo; apply (前往登录 for visitors, docs/member-app.md "Roles and permissions"). */
export function ActivityInfoPage() {
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const detail = usePromotionDetail(id);

  if (id === null) {
    return (
      <main className="page">
        <EmptyState title="活动不存在" />
      </main>
    );
  }
  if (detail.isPending) {
    return (
      <SkeletonGroup label="活动加载中" className="page activity-info">
        <Skeleton className="activity-banner-skeleton" />
        <Skeleton className="activity-title-skeleton" />
        <Skeleton className="activity-text-skeleton" />
      </SkeletonGroup>
    );
  }
  if (detail.isError) {
    return (
      <main className="page">
        <LoadFailed onRetry={() => detail.refetch()} />
      </main>
    );
  }
  const promotion = detail.data;
  return (
    <main className="page activity-info" aria-label="活动详情">
      {promotion.banner && <img className="activity-banner" src={promotion.banner} alt={promotion.title} />}
      <h2 className="activity-info-title">{promotion.title}</h2>
      <SafeHtml className="rich-text activity-content" html={promotion.content} />
      {promotion.memo && <SafeHtml className="rich-text activity-memo" html={promotion.memo} />}
      <div className="activity-apply">
        <ApplyButton id={id} />
      </div>
    </main>
  );
}

function ApplyButton({ id }: { id: number }) {
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();
  const apply = useApplyPromotion();

  if (!isLoggedIn) {
    const redirect = encodeURIComponent(`/activityInfo?id=${id}`);
    return (
      <Button block color="primary" size="large" onClick={() => void navigate(`/login?redirect=${redirect}`)}>
        {MSG.goLogin}
      </Button>
    );
  }
  return (
    <Button
      block
      color="primary"
      size="large"
      loading={apply.isPending}
      onClick={() =>
        apply.mutate(id, {
          // A refusal (222-225) already showed the server's message as a toast.
          onSuccess: (message) => Toast.show({ icon: 'success', content: message || MSG.applyOk }),
        })
      }
    >
      立即申请
    </Button>
  );
}
