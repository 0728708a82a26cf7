import type { UserInfo, Venue } from '@h5/contract';
import { apiRoutes } from '@h5/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, callApiWithMessage } from '../../shared/api/client';
import { useMemberQuery, useRefetchingMutation } from '../../shared/api/member-query';
import { useSessionStore } from '../../shared/session/session-store';

/** docs/member-app.md "Constants and limits": venue balances are polled every 3.5 s on /money (and /withdrawal), every 1.5 s on /transfer. */
export const VENUE_POLL_MS = { money: 3500, transfer: 1500 } as const;

/**
 * POST /api/balancelist: every enabled venue with the member's balance there, polled every `pollMs` while the
 * calling page is mounted (react-query stops the interval when the last observer goes). Polls are silent: a
 * failing poll would otherwise toast every few seconds.
 */
export function useVenueBalances({ pollMs }: { pollMs: number }) {
  return useMemberQuery(['balanceList'], {
    queryFn: () => callApi(apiRoutes.balanceList, {}, { silent: true }),
    refetchInterval: pollMs,
    refetchIntervalInBackground: false,
  });
}

/** After money moved: the central balance, the venue balances and the user info (balance, gameblance) refetch. */
const WALLETS = ['balance', 'balanceList', 'user'];

export interface TransferInput {
  amount: string;
  sourcetype: string;
  targettype: string;
  /** One key per user action, reused on a retry of that action (the server moves money once per key). */
  idempotencyKey: string;
}

/** POST /api/transfer with an Idempotency-Key; answers the server message (转账成功) for the page to show. */
export function useTransfer() {
  return useRefetchingMutation(
    async ({ idempotencyKey, ...body }: TransferInput) => {
      const { message } = await callApiWithMessage(apiRoutes.transfer, body, { idempotencyKey });
      return message;
    },
    { refetch: WALLETS, after: 'settled' },
  );
}

/** POST /api/transall: recycles every venue into the central wallet; answers the server message. */
export function useRecycleAll() {
  return useRefetchingMutation(async () => (await callApiWithMessage(apiRoutes.transAll, {})).message, {
    refetch: WALLETS,
  });
}

/**
 * POST /api/uptransferstatus: the auto-transfer switch. On success the stored user info takes the new value at
 * once (the switch and the form follow it), then the user info refetches.
 */
export function useSetAutoTransfer() {
  const queryClient = useQueryClient();
  const token = useSessionStore((s) => s.token);
  const setUserInfo = useSessionStore((s) => s.setUserInfo);
  return useMutation({
    mutationFn: async (transferstatus: 0 | 1) => {
      const { message } = await callApiWithMessage(apiRoutes.upTransferStatus, { transferstatus });
      return { message, transferstatus };
    },
    onSuccess: ({ transferstatus }) => {
      const current = queryClient.getQueryData<UserInfo>(['user', token]) ?? useSessionStore.getState().userInfo;
      if (current) {
        const next = { ...current, transferstatus };
        queryClient.setQueryData(['user', token], next);
        setUserInfo(next);
      }
      void queryClient.invalidateQueries({ queryKey: ['user'] });
    },
  });
}

/** Sum of the venue balances in yuan, added in cents so 0.1 + 0.2 stays 0.30. */
export function sumVenueBalances(venues: readonly Venue[]): number {
  const cents = venues.reduce((sum, v) => sum + Math.round(Number.parseFloat(v.balance || '0') * 100 || 0), 0);
  return cents / 100;
}
