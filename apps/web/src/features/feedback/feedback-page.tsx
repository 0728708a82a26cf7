import type { Ticket } from '@h5/contract';
import {
  TICKET_CATEGORIES,
  TICKET_IMAGES_MAX,
  TICKET_RECORD_KINDS,
  TICKET_RECORD_LABEL,
  TICKET_STATE_LABEL,
  TICKET_TEXT_MAX,
  type TicketCategory,
  type TicketRecordKind,
} from '@h5/contract/ticket-codes';
import { MSG } from '@h5/contract/messages';
import { Button, Tabs, TextArea, Toast } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '../../shared/router/router';
import { ChoiceGroup } from '../../shared/ui/choice-group';
import { Detail } from '../../shared/ui/detail';
import { LoadFailed } from '../../shared/ui/load-failed';
import { PageLoading } from '../../shared/ui/page-loading';
import { loadedRows, PagedList } from '../../shared/ui/paged-list';
import { useSubmitOnce } from '../../shared/ui/submit-once';
import { uploadTicketImage, useFileTicket, useMyTickets, useTicket } from './api';
import { shrinkPhoto } from './shrink-photo';
import '../../shared/ui/panel.css';
import '../../shared/ui/lists.css';
import '../../shared/ui/record-card.css';
import './feedback.css';

const CATEGORY_CHOICES = TICKET_CATEGORIES.map((c) => ({ value: c, label: c }));

/** The category a record's kind suggests. */
const CATEGORY_OF_KIND: Record<TicketRecordKind, TicketCategory> = {
  deposit: '存款问题',
  withdrawal: '提款问题',
  transfer: '转账问题',
};

const kindOf = (raw: string | null): TicketRecordKind | '' =>
  (TICKET_RECORD_KINDS as readonly string[]).includes(raw ?? '') ? (raw as TicketRecordKind) : '';

/**
 * /feedback (docs/member-app.md "意见反馈"): 提交反馈 (category, text, and the record it concerns when opened from a
 * transaction record's 反馈此单: `?kind=deposit|withdrawal|transfer&no=`), 我的反馈 (`?tab=list`) and one ticket with
 * the desk's replies (`?id=`).
 */
export function FeedbackPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  if (id > 0) return <TicketView id={id} />;
  const tab = params.get('tab') === 'list' ? 'list' : 'new';
  return (
    <main className="page feedback-page" aria-label="意见反馈">
      <Tabs activeKey={tab} onChange={(key) => setParams({ tab: key }, { replace: true })} className="page-tabs">
        <Tabs.Tab key="new" title="提交反馈" />
        <Tabs.Tab key="list" title="我的反馈" />
      </Tabs>
      {tab === 'new' ? (
        <FeedbackForm
          kind={kindOf(params.get('kind'))}
          no={params.get('no')?.trim() ?? ''}
          onFiled={() => setParams({ tab: 'list' }, { replace: true })}
          onDropRecord={() => setParams({}, { replace: true })}
        />
      ) : (
        <TicketList />
      )}
    </main>
  );
}

function FeedbackForm({
  kind,
  no,
  onFiled,
  onDropRecord,
}: {
  kind: TicketRecordKind | '';
  no: string;
  onFiled: () => void;
  onDropRecord: () => void;
}) {
  const record = kind && no ? { kind, no } : null;
  const [category, setCategory] = useState<TicketCategory>(record ? CATEGORY_OF_KIND[record.kind] : '其他建议');
  const [text, setText] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const file = useFileTicket();

  // Each picture is uploaded as it is picked (the server checks it and keeps it as the member's own); a refusal is
  // toasted by the upload with the server's message.
  const addImage = async (picked: File | undefined) => {
    if (!picked || images.length >= TICKET_IMAGES_MAX) return;
    setUploading(true);
    try {
      const address = await uploadTicketImage(await shrinkPhoto(picked));
      if (address) setImages((list) => [...list, address].slice(0, TICKET_IMAGES_MAX));
    } catch {
      // Already toasted.
    } finally {
      setUploading(false);
    }
  };
  const submitOnce = useSubmitOnce();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await submitOnce({
      check: () => (text.trim() === '' ? MSG.ticketTextRequired : null),
      send: async () => {
        const { message } = await file.mutateAsync({
          category,
          text: text.trim(),
          record_kind: record?.kind ?? '',
          record_no: record?.no ?? '',
          images,
        });
        Toast.show({ icon: 'success', content: message });
        setText('');
        setImages([]);
        onFiled();
      },
    });
  };

  return (
    <form className="panel feedback-form" aria-label="提交反馈" onSubmit={(e) => void submit(e)} noValidate>
      <p className="feedback-label">反馈类型</p>
      <ChoiceGroup label="反馈类型" choices={CATEGORY_CHOICES} value={category} onChange={setCategory} />
      {record && (
        <div className="feedback-record" aria-label="关联订单">
          <span>
            关联订单：{TICKET_RECORD_LABEL[record.kind]} {record.no}
          </span>
          <button type="button" className="feedback-record-drop" onClick={onDropRecord}>
            取消关联
          </button>
        </div>
      )}
      <label className="feedback-label" htmlFor="feedback-text">
        反馈内容
      </label>
      <TextArea
        id="feedback-text"
        placeholder="请详细描述您遇到的问题或建议"
        maxLength={TICKET_TEXT_MAX}
        rows={5}
        showCount
        value={text}
        onChange={setText}
      />
      <p className="feedback-label" id="feedback-images-label">
        图片（选填，最多{TICKET_IMAGES_MAX}张，gif或png）
      </p>
      <ul className="feedback-images" aria-labelledby="feedback-images-label">
        {images.map((src, i) => (
          <li key={src} className="feedback-image">
            <img src={src} alt={`已添加的图片${i + 1}`} />
            <button
              type="button"
              aria-label={`删除图片${i + 1}`}
              onClick={() => setImages((list) => list.filter((x) => x !== src))}
            >
              ×
            </button>
          </li>
        ))}
        {images.length < TICKET_IMAGES_MAX && (
          <li>
            <label className="feedback-image-add">
              {uploading ? '上传中…' : '添加图片'}
              <input
                type="file"
                accept="image/png,image/gif,image/jpeg,image/webp"
                disabled={uploading}
                onChange={(e) => {
                  const picked = e.target.files?.[0];
                  e.target.value = '';
                  void addImage(picked);
                }}
              />
            </label>
          </li>
        )}
      </ul>
      <Button block color="primary" size="large" type="submit" loading={file.isPending} disabled={uploading}>
        提交反馈
      </Button>
    </form>
  );
}

function StateTag({ state }: { state: Ticket['state'] }) {
  return <span className={`state-pill feedback-state state-${state}`}>{TICKET_STATE_LABEL[state]}</span>;
}

function TicketList() {
  const tickets = useMyTickets();
  const { rows } = loadedRows(tickets.data);
  return (
    <PagedList
      query={tickets}
      rows={rows}
      label="我的反馈列表"
      className="record-list"
      emptyTitle="暂无反馈记录"
      renderRow={(row) => (
        <li key={row.id} className="record-card feedback-row">
          <Link to={`/feedback?id=${row.id}`} className="feedback-row-link">
            <div className="record-card-head">
              <span>{row.category}</span>
              <StateTag state={row.state} />
            </div>
            <p className="feedback-text-preview">{row.text}</p>
            <span className="feedback-time">{row.created_at}</span>
          </Link>
        </li>
      )}
    />
  );
}

function TicketView({ id }: { id: number }) {
  const ticket = useTicket(id);
  if (ticket.isPending) return <PageLoading />;
  if (ticket.isError) return <LoadFailed onRetry={() => void ticket.refetch()} />;
  const t = ticket.data;
  return (
    <main className="page feedback-page" aria-label="反馈详情">
      <section className="record-card feedback-detail" aria-label={`工单 ${t.id}`}>
        <div className="record-card-head">
          <span>{t.category}</span>
          <StateTag state={t.state} />
        </div>
        <dl className="record-fields">
          <Detail term="工单号">{t.id}</Detail>
          <Detail term="提交时间">{t.created_at}</Detail>
          {t.record_kind && (
            <Detail term={`${TICKET_RECORD_LABEL[t.record_kind]}订单`} className="bet-id">
              {t.record_no}
            </Detail>
          )}
          {t.resolved_at && <Detail term="解决时间">{t.resolved_at}</Detail>}
        </dl>
        <p className="feedback-text">{t.text}</p>
        {t.images.length > 0 && (
          <ul className="feedback-images" aria-label="反馈图片">
            {t.images.map((src, i) => (
              <li key={src} className="feedback-image">
                <a href={src} target="_blank" rel="noopener noreferrer">
                  <img src={src} alt={`反馈图片${i + 1}`} />
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="feedback-replies" aria-label="客服回复">
        <h2>客服回复</h2>
        {t.replies.length === 0 ? (
          <p className="feedback-none">客服尚未回复，请耐心等待，回复后会通过站内信通知您。</p>
        ) : (
          <ol className="record-list">
            {t.replies.map((r) => (
              <li key={r.id} className="record-card">
                <p className="feedback-text">{r.text}</p>
                <span className="feedback-time">{r.created_at}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <Link className="feedback-back" to="/feedback?tab=list">
        返回我的反馈
      </Link>
    </main>
  );
}
