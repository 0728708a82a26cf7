import { Dialog, type DialogAlertProps, type DialogConfirmProps, type DialogShowProps } from 'antd-mobile';
import type { ReactNode } from 'react';
import { installAntdRender } from './antd-render';

export { Toast } from 'antd-mobile';

installAntdRender();

type DialogText = { title?: ReactNode; content?: ReactNode };

/**
 * antd-mobile's dialogs carry role="dialog" without a name unless given an aria-label (its types omit the prop,
 * its code passes it on). Each dialog here is named by its title, or by its text when it has no title.
 */
function named<P extends DialogText>(props: P): P {
  const name = [props.title, props.content].find((part): part is string => typeof part === 'string') ?? '提示';
  return { ...props, 'aria-label': name };
}

export const alertDialog = (props: DialogAlertProps) => Dialog.alert(named(props));
export const confirmDialog = (props: DialogConfirmProps) => Dialog.confirm(named(props));
export const showDialog = (props: DialogShowProps) => Dialog.show(named(props));

/** The same name for a dialog written as an element (<Dialog>, <Modal>): spread it into the props. */
export const dialogName = (name: string) => ({ 'aria-label': name });
