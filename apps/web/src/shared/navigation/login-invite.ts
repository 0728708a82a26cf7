import { FIRST_SCREEN_MSG } from '@h5/contract/first-screen-messages';
import { askConfirm } from '../ui/feedback';

let open = false;

/**
 * docs/member-app.md "Screens and routes": /hongbao and /transfer without a token show a confirm dialog leading to /login.
 * Resolves true when the visitor chose to log in. One dialog at a time (double taps, effects run twice).
 */
export async function confirmLoginInvite(): Promise<boolean | null> {
  if (open) return null;
  open = true;
  try {
    return await askConfirm({ content: FIRST_SCREEN_MSG.loginInvite, confirmText: '确定', cancelText: '取消' });
  } finally {
    open = false;
  }
}
