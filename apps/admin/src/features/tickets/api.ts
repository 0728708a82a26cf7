import { adminEndpoints, type AdminTicketDetail, type TicketState } from '@h5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../shared/api/client';

const e = adminEndpoints;

/** The list is read again this often, so a new ticket shows without a reload. */
export const TICKETS_POLL_MS = 30_000;

export const ticketsKey = (state: TicketState) => ['tickets', state] as const;
export const ticketKey = (id: number) => ['ticket', id] as const;

export function useTickets(state: TicketState) {
  return useQuery({
    queryKey: ticketsKey(state),
    queryFn: ({ signal }) => callAdmin(e.ticketQueue, { input: { state, page: 1 }, signal, silent: true }),
    refetchInterval: TICKETS_POLL_MS,
  });
}

export function useTicket(id: number | null) {
  return useQuery({
    queryKey: ticketKey(id ?? 0),
    queryFn: ({ signal }) => callAdmin(e.ticketDetail, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

/** 回复, 标记已解决, 关闭: each answers the ticket as it now is, which the screen shows; the lists are read again. */
export function useTicketActions(id: number) {
  const client = useQueryClient();
  const done = (detail: AdminTicketDetail) => {
    client.setQueryData(ticketKey(id), detail);
    void client.invalidateQueries({ queryKey: ['tickets'] });
  };
  const reply = useMutation({
    mutationFn: (text: string) => callAdmin(e.ticketReply, { params: { id }, input: { text } }),
    onSuccess: done,
  });
  const resolve = useMutation({
    mutationFn: () => callAdmin(e.ticketResolve, { params: { id } }),
    onSuccess: done,
  });
  const close = useMutation({
    mutationFn: () => callAdmin(e.ticketClose, { params: { id } }),
    onSuccess: done,
  });
  return { reply, resolve, close };
}
