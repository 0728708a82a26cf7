import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { Call } from './render';

/** Confirms the open 拒绝 dialog with no reason: it asks for one, and no decision is sent. */
export async function refuseWithoutReason(dialog: HTMLElement, calls: Call[]) {
  await userEvent.click(within(dialog).getByRole('button', { name: '确认拒绝' }));
  expect(await within(dialog).findByText('请填写拒绝原因')).toBeInTheDocument();
  expect(calls.some((c) => c.method === 'POST')).toBe(false);
}

/**
 * Refuses in the open 拒绝 dialog with a reason: the queue then reads 已拒绝, and the decision's POST carried the
 * reason as its note.
 */
export async function refuseWithReason(dialog: HTMLElement, reason: string, calls: Call[]) {
  await userEvent.type(within(dialog).getByLabelText('拒绝原因'), reason);
  await userEvent.click(within(dialog).getByRole('button', { name: '确认拒绝' }));
  expect(await screen.findByText('已拒绝')).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ note: reason });
}
