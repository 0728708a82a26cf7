import { MSG } from '@h5/contract/messages';
import { Button, Toast } from 'antd-mobile';
import { InviteLinkText, InviteQr } from '../../shared/ui/invite-link';
import { PageLoading } from '../../shared/ui/page-loading';
import { useReferralInfo } from './api';
import { copyText } from '../../shared/clipboard/copy-text';
import './referral.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import '../../shared/ui/card-surface.css';

/** /referral (member): the invite link (the register form with the member's pid), its QR code and the count. */
export function ReferralPage() {
  const info = useReferralInfo();

  if (info.isPending) return <PageLoading />;
  if (!info.data) {
    return <LoadFailed onRetry={() => info.refetch()} />;
  }
  const { link, invited, pid } = info.data;

  const copy = async () => {
    // Where neither way works the link stays selectable on the page; no success is claimed.
    if (await copyText(link)) Toast.show({ content: MSG.copied });
  };

  return (
    <main className="page referral-page" aria-label="推荐好友">
      <section className="referral-card card-surface" aria-label="邀请二维码">
        <h2 className="referral-title">邀请好友注册</h2>
        <InviteQr link={link} label="邀请二维码" />
        <p className="referral-code">
          推荐码 <strong>{pid}</strong>
        </p>
      </section>
      <section className="referral-card card-surface" aria-label="邀请链接">
        <span className="referral-label">邀请链接</span>
        <InviteLinkText link={link} label="邀请链接地址" />
        <Button block color="primary" onClick={() => void copy()}>
          复制链接
        </Button>
      </section>
      <section className="referral-stat card-surface" aria-label="邀请统计">
        <span>已邀请注册</span>
        <strong aria-label="已邀请人数">{invited}</strong>
        <span>人</span>
      </section>
    </main>
  );
}
