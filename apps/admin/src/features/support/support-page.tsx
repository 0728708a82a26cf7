import { SUPPORT_TEXT_MAX, type SupportMessage, type SupportPush, type SupportQueueRow } from '@h5/contract';
import { Alert, Badge, Button, Empty, Input, Modal, Select, Space, Switch, Tabs, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSessionStore } from '../../shared/session/session-store';
import { playChime, unlockChime } from '../../shared/ui/chime';
import { useConfirmAction } from '../../shared/ui/confirm-action';
import { DeskColumns, DeskList, type DeskRows } from '../../shared/ui/desk';
import { PageLoading } from '../../shared/ui/page-loading';
import { PageTitle } from '../../shared/ui/page-title';
import { StatusTag } from '../../shared/ui/status-tag';
import { useTabAlert } from '../../shared/ui/tab-alert';
import {
  type DeskLine,
  fetchMessagesAfter,
  MESSAGES_POLL_MS,
  mergeMessages,
  type QueueState,
  threadKey,
  useConversationAction,
  useDeskOperators,
  useDeskSocket,
  useSupportQueue,
  useSupportThread,
  useTypingSignal,
} from './api';
import { CannedReplyPicker } from './canned-reply-picker';
import { LoadedMemberContext } from '../../shared/members/member-context';
import './support-page.css';

const SOUND_KEY = 'admin.support.sound';

/** 75 seconds as 1分15秒. */
export function waitingText(seconds: number) {
  if (seconds < 60) return `${seconds}秒`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}分${seconds % 60}秒`;
  return `${Math.floor(minutes / 60)}小时${minutes % 60}分`;
}

const stars = (n: number) => `${'★'.repeat(n)}${'☆'.repeat(5 - n)}`;

type Thread = NonNullable<ReturnType<typeof useSupportThread>['data']>;

const SENDER = { member: '会员', visitor: '访客', operator: '客服', system: '系统' } as const;

function QueueList({ state, ...list }: DeskRows<SupportQueueRow> & { state: QueueState }) {
  return (
    <DeskList label={state === 'open' ? '进行中的会话' : '已结束的会话'} {...list}>
      {(row) => (
        <>
          <span className="desk-item-head support-queue-head">
            <strong>{row.username}</strong>
            {row.unread > 0 ? <Badge count={row.unread} aria-label={`${row.unread} 条未读`} /> : null}
          </span>
          <span className="desk-item-text">{row.last_text || '（无消息）'}</span>
          <span className="desk-item-meta">
            {state === 'open' ? (
              row.operator ? (
                `接待：${row.operator}`
              ) : (
                <StatusTag tone="warning">{`等待 ${waitingText(row.waiting_seconds)}`}</StatusTag>
              )
            ) : row.rating !== null ? (
              `评价 ${stars(row.rating)}`
            ) : (
              '未评价'
            )}
          </span>
        </>
      )}
    </DeskList>
  );
}

function MessageList({ messages }: { messages: SupportMessage[] }) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);
  return (
    <div className="support-messages" role="log" aria-label="会话消息" aria-live="polite" tabIndex={0}>
      {!messages.length ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无消息" /> : null}
      {messages.map((m) => (
        <div key={m.id} className={`support-message from-${m.sender}`}>
          <div className="support-message-who">{`${SENDER[m.sender]} · ${m.created_at.slice(11)}`}</div>
          {m.image ? (
            // Always one of our uploads (the server refuses any other address); opens full size in a new tab.
            <a href={m.image} target="_blank" rel="noopener noreferrer" className="support-message-image">
              <img src={m.image} alt={`${SENDER[m.sender]}发送的图片`} />
            </a>
          ) : null}
          {m.text ? <div className="support-message-text">{m.text}</div> : null}
          {m.image ? (
            <a href={m.image} target="_blank" rel="noreferrer">
              查看图片
            </a>
          ) : null}
        </div>
      ))}
      <div ref={end} />
    </div>
  );
}

function TransferDialog({
  open,
  current,
  onClose,
  onTransfer,
  busy,
}: {
  open: boolean;
  current: string;
  onClose: () => void;
  onTransfer: (operator: string) => void;
  busy: boolean;
}) {
  const me = useSessionStore((s) => s.session?.username ?? '');
  const operators = useDeskOperators(open);
  const [to, setTo] = useState<string>();
  const options = (operators.data ?? [])
    .filter((o) => o.username !== current && o.username !== me)
    .map((o) => ({ value: o.username, label: `${o.username}（${o.role === 'admin' ? '超级管理员' : '在线客服'}）` }));
  return (
    <Modal
      title="转接会话"
      open={open}
      onCancel={onClose}
      okText="确认转接"
      cancelText="取消"
      okButtonProps={{ disabled: !to, loading: busy }}
      onOk={() => to && onTransfer(to)}
      destroyOnHidden
    >
      <label htmlFor="support-transfer-to">转接给</label>
      <Select
        id="support-transfer-to"
        aria-label="转接给"
        style={{ width: '100%', marginTop: 8 }}
        placeholder="选择客服"
        loading={operators.isPending}
        options={options}
        value={to}
        onChange={setTo}
        notFoundContent={operators.isPending ? '加载中…' : '暂无其他可接待的客服'}
      />
    </Modal>
  );
}

function Conversation({ id, line }: { id: number; line: DeskLine }) {
  const session = useSessionStore((s) => s.session);
  const client = useQueryClient();
  const thread = useSupportThread(id);
  const { act, transfer, reply } = useConversationAction(id);
  const typing = useTypingSignal(id);
  const confirm = useConfirmAction();
  const [text, setText] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const [transferring, setTransferring] = useState(false);
  const messages = thread.data?.messages;
  const lastId = messages?.at(-1)?.id ?? 0;

  // Without the socket the conversation reads what came after its last message on a timer.
  useEffect(() => {
    if (line === 'live' || !thread.data) return;
    const timer = setInterval(() => {
      void fetchMessagesAfter(id, lastId)
        .then((more) => {
          if (more.length)
            client.setQueryData<Thread>(threadKey(id), (old) =>
              old ? { ...old, messages: mergeMessages(old.messages, more) } : old,
            );
        })
        .catch(() => undefined);
    }, MESSAGES_POLL_MS);
    return () => clearInterval(timer);
  }, [line, id, lastId, client, thread.data]);

  if (thread.isPending) return <PageLoading label="正在加载会话…" />;
  if (thread.isError || !thread.data) return <Alert type="error" showIcon title="会话加载失败，请稍后重试" />;
  const c = thread.data.conversation;
  const me = session?.username ?? '';
  const isAdmin = session?.role === 'admin';
  const mine = c.operator !== '' && c.operator.toLowerCase() === me.toLowerCase();
  const open = c.state === 'open';
  const mayWrite = open && (c.operator === '' || mine || isAdmin);
  const busy = act.isPending || transfer.isPending;

  const shown = (message: SupportMessage) => {
    client.setQueryData<Thread>(threadKey(id), (old) =>
      old ? { ...old, messages: mergeMessages(old.messages, [message]) } : old,
    );
    void client.invalidateQueries({ queryKey: threadKey(id) });
  };
  const send = () => {
    const value = text.trim();
    if (!value) return;
    reply.mutate(
      { text: value },
      {
        onSuccess: (message) => {
          setText('');
          shown(message);
        },
      },
    );
  };
  const sendPicture = (file: File | undefined) => {
    if (file) reply.mutate({ text: '', file }, { onSuccess: shown });
  };

  return (
    <div className="support-conversation">
      <div className="support-conversation-head">
        <div>
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            {`与 ${c.username} 的会话`}
          </Typography.Title>
          <Space size={4} wrap>
            <StatusTag tone={open ? 'success' : 'neutral'}>{open ? '进行中' : '已结束'}</StatusTag>
            <span>{c.operator ? `接待：${c.operator}` : '等待接入'}</span>
            <span>{`开始于 ${c.created_at}`}</span>
          </Space>
        </div>
        <Space wrap size={6}>
          {open && c.operator === '' ? (
            <Button type="primary" loading={act.isPending} onClick={() => act.mutate('claim')}>
              接入
            </Button>
          ) : null}
          {open && (c.operator === '' || mine || isAdmin) ? (
            <Button disabled={busy} onClick={() => setTransferring(true)}>
              转接
            </Button>
          ) : null}
          {open && c.operator !== '' && (mine || isAdmin) ? (
            <Button disabled={busy} onClick={() => act.mutate('release')}>
              释放
            </Button>
          ) : null}
          {open ? (
            <Button
              danger
              disabled={busy}
              onClick={() =>
                confirm({
                  title: '结束这次会话？',
                  content: '会员将收到评价邀请。',
                  okText: '结束',
                  danger: true,
                  action: () => act.mutateAsync('close'),
                  invalidate: [['supportQueue'], threadKey(id)],
                  success: '会话已结束',
                })
              }
            >
              结束
            </Button>
          ) : (
            <Button loading={act.isPending} onClick={() => act.mutate('reopen')}>
              重新打开
            </Button>
          )}
        </Space>
      </div>
      {!open ? (
        <div className="support-rating" aria-label="会员评价">
          {c.rating !== null ? (
            <>
              <span>{`会员评价：${stars(c.rating)}（${c.rating} 分）`}</span>
              {c.rating_note ? <span>{`“${c.rating_note}”`}</span> : null}
            </>
          ) : (
            <span>会员尚未评价</span>
          )}
        </div>
      ) : null}
      <MessageList messages={messages ?? []} />
      {open ? (
        <div className="support-reply">
          <label htmlFor="support-reply-text" className="support-reply-label">
            回复内容
          </label>
          <Input.TextArea
            id="support-reply-text"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value.trim()) typing();
            }}
            onPressEnter={(event) => {
              if (!event.shiftKey) {
                event.preventDefault();
                send();
              }
            }}
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={SUPPORT_TEXT_MAX}
            disabled={!mayWrite}
            placeholder={mayWrite ? '输入回复，Enter 发送，Shift+Enter 换行' : `此会话由 ${c.operator} 接待`}
          />
          <Space style={{ marginTop: 8 }}>
            <CannedReplyPicker disabled={!mayWrite} onPick={(t) => setText((v) => (v ? `${v}${t}` : t))} />
            <Button type="primary" onClick={send} loading={reply.isPending} disabled={!mayWrite || !text.trim()}>
              发送
            </Button>
            {/* A png, gif, jpg or webp of at most 2 MB, checked again by the server; shown to the member as the desk's picture. */}
            <Button onClick={() => picker.current?.click()} disabled={!mayWrite || reply.isPending}>
              发送图片
            </Button>
            <input
              ref={picker}
              type="file"
              accept="image/png,image/gif,image/jpeg,image/webp"
              aria-label="选择要发送的图片"
              hidden
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                sendPicture(file);
              }}
            />
          </Space>
        </div>
      ) : null}
      <TransferDialog
        open={transferring}
        current={c.operator}
        busy={transfer.isPending}
        onClose={() => setTransferring(false)}
        onTransfer={(operator) => transfer.mutate(operator, { onSuccess: () => setTransferring(false) })}
      />
    </div>
  );
}

function ContextColumn({ id }: { id: number }) {
  return <LoadedMemberContext item={useSupportThread(id)} />;
}

/**
 * 客服: the desk's queue, one conversation live over the desk socket (read on a timer when the socket cannot open),
 * and the member beside it (docs/operators.md "The support desk"). A new waiting conversation chimes and shows in the
 * tab's title.
 */
export default function SupportPage() {
  const client = useQueryClient();
  const [tab, setTab] = useState<QueueState>('open');
  const [selected, setSelected] = useState<number | null>(null);
  const [sound, setSound] = useState(() => localStorage.getItem(SOUND_KEY) !== 'off');
  const queue = useSupportQueue(tab);
  const openQueue = useSupportQueue('open');
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  const onPush = useCallback(
    (push: SupportPush) => {
      if (push.type === 'ready') {
        // What came while the socket was away: the queue and the open conversation are read again.
        void client.invalidateQueries({ queryKey: ['supportQueue'] });
        if (selectedRef.current !== null) void client.invalidateQueries({ queryKey: threadKey(selectedRef.current) });
        return;
      }
      if (push.type === 'message') {
        const m = push.message;
        client.setQueryData<Thread>(threadKey(m.conversation_id), (old) =>
          old ? { ...old, messages: mergeMessages(old.messages, [m]) } : old,
        );
        // What the open conversation shows is read: asking after it marks it so.
        if (selectedRef.current === m.conversation_id)
          void fetchMessagesAfter(m.conversation_id, m.id - 1).catch(() => undefined);
      } else {
        void client.invalidateQueries({ queryKey: threadKey(push.conversation_id) });
      }
      void client.invalidateQueries({ queryKey: ['supportQueue'] });
    },
    [client],
  );
  const line = useDeskSocket(onPush);

  // New waiting conversations: the first answer is the baseline, what arrives later chimes.
  const waiting = useMemo(() => (openQueue.data?.list ?? []).filter((r) => r.operator === ''), [openQueue.data]);
  const seen = useRef<Set<number> | null>(null);
  useEffect(() => {
    if (!openQueue.data) return;
    const ids = waiting.map((r) => r.id);
    if (seen.current && ids.some((id) => !seen.current?.has(id)) && sound) playChime();
    seen.current = new Set([...(seen.current ?? []), ...ids]);
  }, [waiting, openQueue.data, sound]);
  useTabAlert(waiting.length, '位会员等待接入');

  const toggleSound = (on: boolean) => {
    localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
    setSound(on);
    if (on) unlockChime();
  };

  return (
    <div onPointerDown={unlockChime}>
      <PageTitle
        extra={
          <Space>
            <span aria-live="polite">
              {line === 'live' ? (
                <StatusTag tone="success">实时连接</StatusTag>
              ) : line === 'polling' ? (
                <StatusTag tone="warning">实时连接不可用，每 3 秒刷新</StatusTag>
              ) : (
                <StatusTag tone="neutral">连接中…</StatusTag>
              )}
            </span>
            <label htmlFor="support-sound">新会话提示音</label>
            <Switch
              id="support-sound"
              checked={sound}
              onChange={toggleSound}
              checkedChildren="开"
              unCheckedChildren="关"
            />
          </Space>
        }
      >
        客服
      </PageTitle>
      <DeskColumns
        className="support-desk"
        noun="会话"
        listLabel="会话队列"
        list={
          <>
            <Tabs
              activeKey={tab}
              onChange={(key) => setTab(key as QueueState)}
              items={[
                { key: 'open', label: `进行中${openQueue.data ? `（${openQueue.data.total}）` : ''}` },
                { key: 'closed', label: '已结束' },
              ]}
            />
            {queue.isPending ? (
              <PageLoading label="正在加载会话队列…" />
            ) : queue.isError ? (
              <Alert type="error" showIcon title="会话队列加载失败，15 秒后自动重试" />
            ) : (
              <QueueList rows={queue.data.list} state={tab} selected={selected} onSelect={setSelected} />
            )}
          </>
        }
        mainLabel="会话"
        selected={selected}
        main={(id) => <Conversation key={id} id={id} line={line} />}
        member={(id) => <ContextColumn id={id} />}
      />
    </div>
  );
}
