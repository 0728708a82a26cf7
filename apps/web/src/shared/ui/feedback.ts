import type { DialogAlertProps, DialogConfirmProps, ToastShowProps } from 'antd-mobile';

/**
 * Toasts and dialogs for the code of the first screen (API client, navigation, header, home tiles). antd-mobile's
 * Toast and Dialog bring its animation library: they are fetched the first time one is shown, so a first visit that
 * shows none does not download them (bench/page-weight.ts). Lazy screens import ./dialogs directly.
 */
const load = () => import('./dialogs');

export function showToast(props: ToastShowProps | string): void {
  void load().then(({ Toast }) => Toast.show(props));
}

export async function showAlert(props: DialogAlertProps): Promise<void> {
  const { alertDialog } = await load();
  return alertDialog(props);
}

export async function askConfirm(props: DialogConfirmProps): Promise<boolean> {
  const { confirmDialog } = await load();
  return confirmDialog(props);
}
