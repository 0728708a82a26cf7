import {
  type AdminTicket,
  type AdminTicketDetail,
  TICKET_RECORD_LABEL,
  TICKET_STATE_LABEL,
  TICKET_STATES,
  TICKET_TEXT_MAX,
  type TicketState,
} from '@h5/contract';
import { Alert, App, Button, Empty, Input, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useConfirmAction } from '../../shared/ui/confirm-action';
import { DeskColumns, DeskList, type DeskRows } from '../../shared/ui/desk';
import { PageLoading } from '../../shared/ui/page-loading';
import { PageTitle } from '../../shared/ui/page-title';
import { StatusTag } from '../../shared/ui/status-tag';
import { LoadedMemberContext } from '../../shared/members/member-context';
import { ticketKey, useTicket, useTicketActions, useTickets } from './api';
import './tickets-page.css';

const TONE = { pending: 'warning', processing: 'info', resolved: 'success', closed: 'neutral' } as const;

/** 3725 seconds as 1小时2分. */
export function ageText(seconds: number) {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return '刚刚';
  if (minutes < 60) return `${minutes}分钟`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}小时${minutes % 60}分`;
  return `${Math.floor(hours / 24)}天${hours % 24}小时`;
}

function StateTag({ state }: { state: TicketState }) {
  return <StatusTag tone={TONE[state]}>{TICKET_STATE_LABEL[state]}</StatusTag>;
}

function TicketList({ state, ...list }: DeskRows<AdminTicket> & { state: TicketState }) {
  return (
    <DeskList label={`${TICKET_STATE_LABEL[state]}的工单`} {...list}>
      {(row) => (
        <>
          <span className="desk-item-head">
            <strong>{row.username}</strong>
            <span>{row.category}</span>
          </span>
          <span className="desk-item-text">{row.text}</span>
          <span className="desk-item-meta">{`#${row.id} · 已提交 ${ageText(row.age_seconds)}`}</span>
        </>
      )}
    </DeskList>
  );
}

function TicketBody({ detail }: { detail: AdminTicketDetail }) {
  const t = detail.ticket;
  return (
    <>
      <div className="tickets-detail-head">
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {`工单 #${t.id} · ${t.category}`}
        </Typography.Title>
        <Space size={6} wrap>
          <StateTag state={t.state} />
          <span>{`会员 ${t.username}`}</span>
          <span>{`提交于 ${t.created_at}`}</span>
          {t.operator ? <span>{`处理人 ${t.operator}`}</span> : null}
        </Space>
      </div>
      {t.record_kind ? (
        <p className="tickets-record">{`关联订单：${TICKET_RECORD_LABEL[t.record_kind]} ${t.record_no}`}</p>
      ) : null}
      <p className="tickets-text">{t.text}</p>
      {t.images.length ? (
        // The member's own uploads only (the server refuses any other address); each opens full size.
        <ul className="tickets-images" aria-label="会员上传的图片">
          {t.images.map((src, i) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noopener noreferrer">
                <img src={src} alt={`会员上传的图片${i + 1}`} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <Space size={12} wrap className="tickets-times">
        <span>{`首次回复：${t.first_reply_at ?? '未回复'}`}</span>
        {t.resolved_at ? <span>{`解决于 ${t.resolved_at}`}</span> : null}
        {t.closed_at ? <span>{`关闭于 ${t.closed_at}`}</span> : null}
      </Space>
      <Typography.Title level={3} style={{ fontSize: 14, marginTop: 16 }}>
        回复记录
      </Typography.Title>
      {detail.replies.length ? (
        <ol className="tickets-replies" aria-label="回复记录">
          {detail.replies.map((r) => (
            <li key={r.id}>
              <div className="tickets-reply-who">{`${r.operator} · ${r.created_at}`}</div>
              <div className="tickets-text">{r.text}</div>
            </li>
          ))}
        </ol>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未回复" />
      )}
    </>
  );
}

function TicketPane({ id }: { id: number }) {
  const ticket = useTicket(id);
  const { reply, resolve, close } = useTicketActions(id);
  const confirm = useConfirmAction();
  const { message } = App.useApp();
  const [text, setText] = useState('');

  if (ticket.isPending) return <PageLoading label="正在加载工单…" />;
  if (ticket.isError) return <Alert type="error" showIcon title="工单加载失败，请稍后重试" />;
  const t = ticket.data.ticket;
  const open = t.state !== 'closed';

  const send = () => {
    const value = text.trim();
    if (!value) return;
    reply.mutate(value, {
      onSuccess: () => {
        setText('');
        void message.success('已回复，会员将收到站内信');
      },
    });
  };

  return (
    <div>
      <TicketBody detail={ticket.data} />
      {open ? (
        <div className="tickets-reply">
          <label htmlFor="ticket-reply-text" className="tickets-reply-label">
            回复内容
          </label>
          <Input.TextArea
            id="ticket-reply-text"
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={TICKET_TEXT_MAX}
            showCount
            placeholder="回复会员，会员将在站内信中收到通知"
          />
          <Space wrap style={{ marginTop: 8 }}>
            <Button type="primary" onClick={send} loading={reply.isPending} disabled={!text.trim()}>
              回复
            </Button>
            {t.state !== 'resolved' ? (
              <Button
                disabled={reply.isPending}
                onClick={() =>
                  confirm({
                    title: '将此工单标记为已解决？',
                    content: '会员将收到站内信通知。',
                    okText: '已解决',
                    action: () => resolve.mutateAsync(),
                    invalidate: [['tickets'], ticketKey(id)],
                    success: '工单已解决',
                  })
                }
              >
                标记已解决
              </Button>
            ) : null}
            <Button
              danger
              disabled={reply.isPending}
              onClick={() =>
                confirm({
                  title: '关闭此工单？',
                  content: '关闭后不能再回复。',
                  okText: '关闭',
                  danger: true,
                  action: () => close.mutateAsync(),
                  invalidate: [['tickets'], ticketKey(id)],
                  success: '工单已关闭',
                })
              }
            >
              关闭工单
            </Button>
          </Space>
        </div>
      ) : null}
    </div>
  );
}

function MemberColumn({ id }: { id: number }) {
  return <LoadedMemberContext item={useTicket(id)} />;
}

/**
 * 工单: the members' 意见反馈 by state, oldest first; one ticket with its replies, 回复, 标记已解决 and 关闭, and the
 * member beside it as 客服 shows them (docs/operators.md "Tickets").
 */
export default function TicketsPage() {
  const [tab, setTab] = useState<TicketState>('pending');
  const [selected, setSelected] = useState<number | null>(null);
  const list = useTickets(tab);
  const pending = useTickets('pending');

  return (
    <div>
      <PageTitle>工单</PageTitle>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TicketState)}
        items={TICKET_STATES.map((s) => ({
          key: s,
          label:
            s === 'pending' && pending.data
              ? `${TICKET_STATE_LABEL[s]}（${pending.data.total}）`
              : TICKET_STATE_LABEL[s],
        }))}
      />
      <DeskColumns
        className="tickets-desk"
        noun="工单"
        listLabel="工单列表"
        list={
          list.isPending ? (
            <PageLoading label="正在加载工单…" />
          ) : list.isError ? (
            <Alert type="error" showIcon title="工单列表加载失败，30 秒后自动重试" />
          ) : (
            <TicketList rows={list.data.list} state={tab} selected={selected} onSelect={setSelected} />
          )
        }
        mainLabel="工单详情"
        selected={selected}
        main={(id) => <TicketPane key={id} id={id} />}
        member={(id) => <MemberColumn id={id} />}
      />
    </div>
  );
}
