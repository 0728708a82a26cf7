import { adminEndpoints, MSG } from '@h5/contract';
import { Alert, App, Button, Card, Form, Input, Radio, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { callAdmin, type DataOf } from '../../shared/api/client';
import { isApiError } from '@h5/contract/api-error';
import { useConfirmAction } from '../../shared/ui/confirm-action';
import { DataTable } from '../../shared/ui/data-table';
import { emptyLocale } from '../../shared/ui/empty';
import { PageTitle } from '../../shared/ui/page-title';
import { HtmlEditor } from '../../shared/resources/html-editor';

const e = adminEndpoints;
type Sent = DataOf<typeof e.messageSend>;
type Audience = 'member' | 'all' | 'announcement';
interface Values {
  audience: Audience;
  member: string;
  title: string;
  content: string;
}

const AUDIENCE_LABEL: Record<Audience, string> = {
  member: '指定会员（站内信）',
  all: '全部会员（站内信）',
  announcement: '全站公告',
};

/** A member id, or the id of the member with exactly this username (the search matches parts of names). */
async function memberIdOf(text: string): Promise<number> {
  const value = text.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const found = await callAdmin(e.members, { input: { username: value, pagesize: 50 }, silent: true });
  const member = found.data.find((m) => m.username.toLowerCase() === value.toLowerCase());
  if (!member) throw new Error(`找不到会员「${value}」`);
  return member.id;
}

/**
 * 站内信 (content): a message to one member (by id or username), to every member, or a site announcement. The
 * server keeps no list for the console, so this screen lists what was sent from it, each deletable.
 */
export default function MessagesPage() {
  const [form] = Form.useForm<Values>();
  const audience = Form.useWatch('audience', form) ?? 'member';
  const [sent, setSent] = useState<Sent[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const { message } = App.useApp();
  const confirm = useConfirmAction();

  const send = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setRefusal(null);
    setSending(true);
    try {
      const member_id = values.audience === 'member' ? await memberIdOf(values.member) : undefined;
      const row = await callAdmin(e.messageSend, {
        input: {
          title: values.title,
          content: values.content,
          member_id,
          type: values.audience === 'announcement' ? 1 : 2,
        },
        silent: true,
      });
      setSent((list) => [row, ...list]);
      form.setFieldsValue({ title: '', content: '' });
      void message.success('已发送');
    } catch (error) {
      setRefusal(isApiError(error) || error instanceof Error ? error.message : '发送失败');
    } finally {
      setSending(false);
    }
  };

  const columns: TableColumnsType<Sent> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    {
      title: '发送对象',
      width: 160,
      render: (_v, row) =>
        row.type === 1 ? '全站公告' : row.member_id === null ? '全部会员' : `会员 #${row.member_id}`,
    },
    { title: '标题', dataIndex: 'title', ellipsis: true },
    { title: '发送时间', dataIndex: 'created_at', width: 170 },
    {
      title: '操作',
      width: 90,
      render: (_v, row) => (
        <Button
          size="small"
          danger
          aria-label={`删除 ${row.title}`}
          onClick={() =>
            confirm({
              title: '删除站内信',
              content: `删除「${row.title}」后会员将不再看到它。`,
              okText: '删除',
              danger: true,
              action: () => callAdmin(e.messageDelete, { params: { id: row.id } }),
              invalidate: [],
              success: '已删除',
              onDone: () => setSent((list) => list.filter((m) => m.id !== row.id)),
            })
          }
        >
          删除
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageTitle>站内信</PageTitle>
      <Card style={{ maxWidth: 820, marginBottom: 24 }}>
        {refusal ? <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 16 }} /> : null}
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ audience: 'member', member: '', title: '', content: '' }}
          onValuesChange={() => setRefusal(null)}
        >
          <Form.Item name="audience" label="发送对象">
            <Radio.Group
              options={(Object.keys(AUDIENCE_LABEL) as Audience[]).map((value) => ({
                value,
                label: AUDIENCE_LABEL[value],
              }))}
            />
          </Form.Item>
          {audience === 'member' ? (
            <Form.Item
              name="member"
              label="会员ID或用户名"
              rules={[{ required: true, whitespace: true, message: '请输入会员ID或用户名' }]}
            >
              <Input autoComplete="off" maxLength={32} />
            </Form.Item>
          ) : null}
          <Form.Item
            name="title"
            label="标题"
            rules={[{ required: true, whitespace: true, message: MSG.titleRequired }]}
          >
            <Input maxLength={128} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="content"
            label="内容"
            rules={[{ required: true, whitespace: true, message: MSG.contentRequired }]}
          >
            <HtmlEditor label="内容" />
          </Form.Item>
          <Button type="primary" loading={sending} onClick={() => void send()}>
            发送
          </Button>
        </Form>
      </Card>
      <DataTable<Sent>
        label="本次已发送"
        rowKey="id"
        columns={columns}
        dataSource={sent}
        pagination={false}
        locale={emptyLocale('本次尚未发送站内信')}
        scroll={{ x: 700 }}
      />
    </>
  );
}
