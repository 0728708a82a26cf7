import { adminEndpoints, SUPPORT_DESK_SOCKET_PATH, SupportPush, type SupportMessage } from '@h5/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { callAdmin, uploadAdmin } from '../../shared/api/client';
import { getToken } from '../../shared/session/session-store';

const e = adminEndpoints;

/** The queue is read again on every push; without the socket this often. */
export const QUEUE_POLL_MS = 15_000;
/** Without the socket an open conversation asks for new messages this often. */
export const MESSAGES_POLL_MS = 3_000;

export type QueueState = 'open' | 'closed';

export const queueKey = (state: QueueState) => ['supportQueue', state] as const;
export const threadKey = (id: number) => ['supportThread', id] as const;

export function useSupportQueue(state: QueueState) {
  return useQuery({
    queryKey: queueKey(state),
    queryFn: ({ signal }) => callAdmin(e.supportQueue, { input: { state, page: 1 }, signal, silent: true }),
    refetchInterval: QUEUE_POLL_MS,
    refetchIntervalInBackground: true,
  });
}

export function useSupportThread(id: number | null) {
  return useQuery({
    queryKey: threadKey(id ?? 0),
    queryFn: ({ signal }) => callAdmin(e.supportConversation, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

export function useDeskOperators(enabled: boolean) {
  return useQuery({
    queryKey: ['supportDeskOperators'],
    queryFn: ({ signal }) => callAdmin(e.supportDeskOperators, { signal }),
    enabled,
  });
}

/** The canned replies, read when the picker first opens and kept for a minute. */
export function useCannedReplies(enabled: boolean) {
  return useQuery({
    queryKey: ['resource', e.cannedReplies.path],
    queryFn: ({ signal }) => callAdmin(e.cannedReplies, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

export const fetchMessagesAfter = (id: number, afterId: number, signal?: AbortSignal) =>
  callAdmin(e.supportConversationMessages, { params: { id }, input: { after_id: afterId }, signal, silent: true });

type Action = 'claim' | 'release' | 'close' | 'reopen';
const ACTIONS = { claim: e.supportClaim, release: e.supportRelease, close: e.supportClose, reopen: e.supportReopen };

/** A change of the conversation (接入, 释放, 结束, 重新打开, 转接): the queue and the conversation are read again. */
export function useConversationAction(id: number) {
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['supportQueue'] });
    void client.invalidateQueries({ queryKey: threadKey(id) });
  };
  const act = useMutation({
    mutationFn: (action: Action) => callAdmin(ACTIONS[action], { params: { id } }),
    onSuccess: refresh,
  });
  const transfer = useMutation({
    mutationFn: (operator: string) => callAdmin(e.supportTransfer, { params: { id }, input: { operator } }),
    onSuccess: refresh,
  });
  const reply = useMutation({
    mutationFn: (input: { text: string } | { text: ''; file: File }) =>
      'file' in input
        ? // A picture: uploaded first (the desk's own upload), then sent as a reply naming the address it answered.
          uploadAdmin(e.supportDeskUpload, { file: input.file }).then(({ image }) =>
            callAdmin(e.supportReply, { params: { id }, input: { text: '', image } }),
          )
        : callAdmin(e.supportReply, { params: { id }, input: { text: input.text } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['supportQueue'] }),
  });
  return { act, transfer, reply };
}

/** While the agent types, the member is told at most this often (the server ignores more than one in 2 s). */
export const TYPING_EVERY_MS = 3_000;

/** Tells the member the agent is typing: at most once every TYPING_EVERY_MS, fire and forget, errors ignored. */
export function useTypingSignal(id: number) {
  const last = useRef<{ id: number; at: number } | null>(null);
  return () => {
    const now = Date.now();
    if (last.current?.id === id && now - last.current.at < TYPING_EVERY_MS) return;
    last.current = { id, at: now };
    void callAdmin(e.supportTyping, { params: { id }, silent: true }).catch(() => undefined);
  };
}

export type DeskLine = 'connecting' | 'live' | 'polling';

/** The desk socket's address on this site: ws(s)://host/admin/api/support/socket?token=… */
export function deskSocketUrl(token: string) {
  const url = new URL(SUPPORT_DESK_SOCKET_PATH, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * The desk's live socket: every push goes to `onPush`. When it cannot open, or closes, the line is 'polling' and the
 * screen reads after its last id on a timer; it tries again after a while.
 */
export function useDeskSocket(onPush: (push: SupportPush) => void): DeskLine {
  const [line, setLine] = useState<DeskLine>('connecting');
  const handler = useRef(onPush);
  useEffect(() => {
    handler.current = onPush;
  }, [onPush]);
  useEffect(() => {
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const open = () => {
      const token = getToken();
      if (!token || typeof WebSocket === 'undefined') {
        setLine('polling');
        return;
      }
      try {
        socket = new WebSocket(deskSocketUrl(token));
      } catch {
        setLine('polling');
        return;
      }
      socket.onmessage = (event) => {
        const parsed = SupportPush.safeParse(safeJson(event.data));
        if (!parsed.success) return;
        if (parsed.data.type === 'ready') setLine('live');
        handler.current(parsed.data);
      };
      socket.onclose = () => {
        if (stopped) return;
        setLine('polling');
        retry = setTimeout(open, 30_000);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, []);
  return line;
}

function safeJson(data: unknown): unknown {
  try {
    return JSON.parse(String(data));
  } catch {
    return null;
  }
}

/** Messages merged by id, oldest first. */
export function mergeMessages(current: readonly SupportMessage[], more: readonly SupportMessage[]): SupportMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
