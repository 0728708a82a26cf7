import { adminEndpoints, MSG } from '@h5/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Row } from 'antd';
import { useState } from 'react';
import { callAdmin, callAdminWithMessage, type DataOf } from '../../shared/api/client';
import { isApiError } from '@h5/contract/api-error';
import { PageLoading } from '../../shared/ui/page-loading';
import { PageTitle } from '../../shared/ui/page-title';
import { FieldInput, type FieldSpec, toForm, toInput } from '../../shared/resources/resource-page';

type Settings = DataOf<typeof adminEndpoints.settings>;
type Key = keyof Settings & string;

const e = adminEndpoints;
export const settingsKey = ['settings'] as const;

/** The settings in the groups an operator looks for them by; each group saves on its own. */
const GROUPS: { title: string; fields: FieldSpec<Key>[] }[] = [
  {
    title: '站点',
    fields: [
      { name: 'site_state', label: '站点开放', kind: 'switch', help: '关闭后会员端显示维护提示' },
      { name: 'repair_tips', label: '维护提示', kind: 'textarea' },
      { name: 'title', label: '站点名称', kind: 'text' },
      { name: 'site_logo', label: '站点Logo地址', kind: 'text' },
      { name: 'index_modal', label: '首页弹窗', kind: 'switch' },
      { name: 'webcontent', label: '首页弹窗内容', kind: 'richtext' },
      { name: 'operator_totp_required', label: '管理员必须开启两步验证', kind: 'switch' },
    ],
  },
  {
    title: '存款',
    fields: [
      { name: 'usdtrate', label: 'USDT存款汇率', kind: 'money' },
      // The bonus waits for a second admin (待审批变更): at most 100%, and at most 20000 on one deposit.
      {
        name: 'deposit_bonus_percent',
        label: '存款赠送（%）',
        kind: 'number',
        help: '0-100，须另一位管理员审批后生效',
      },
      {
        name: 'deposit_bonus_max',
        label: '单笔赠送上限（元）',
        kind: 'number',
        help: '0-20000，须另一位管理员审批后生效',
      },
    ],
  },
  {
    title: '提款',
    fields: [
      { name: 'withdraw_min', label: '单笔最低（元）', kind: 'number' },
      { name: 'withdraw_max', label: '单笔最高（元）', kind: 'number' },
      { name: 'withdraw_daily_count', label: '每日次数', kind: 'number' },
      { name: 'turnover_multiple', label: '流水倍数', kind: 'number' },
      { name: 'withdrawcashfee', label: '提款手续费（元）', kind: 'money' },
      { name: 'withdrawusdtrate', label: 'USDT提款汇率', kind: 'money' },
      { name: 'withdrawfeeusdttrc', label: 'USDT(TRC20)手续费', kind: 'money' },
    ],
  },
  {
    // No one operator moves a large amount alone: the lines can be lowered or raised, never turned off.
    title: '双人复核',
    fields: [
      {
        name: 'withdraw_second_review_above',
        label: '提款复核线（元）',
        kind: 'number',
        help: '超过此金额的提款需另一位操作员复核，1至100000',
      },
      {
        name: 'adjust_second_review_above',
        label: '调整复核线（元）',
        kind: 'number',
        help: '超过此金额的余额调整（加款或扣款）需另一位操作员复核，1至100000',
      },
      {
        name: 'deposit_second_review_above',
        label: '人工存款复核线（元）',
        kind: 'number',
        help: '超过此金额的人工审核存款（银行转账等）需另一位操作员复核，1至100000',
      },
      // The daily totals: what one operator does alone in a Beijing day, and what one member receives that way.
      {
        name: 'adjust_second_review_daily_operator',
        label: '调整：每位操作员每日单人合计（元）',
        kind: 'number',
        help: '当日单人调整（按金额绝对值）合计超过后，调整需另一位操作员复核，1至1000000',
      },
      {
        name: 'adjust_second_review_daily_member',
        label: '调整：每位会员每日单人加款合计（元）',
        kind: 'number',
        help: '会员当日经单人加款合计超过后，加款需另一位操作员复核，1至1000000',
      },
      {
        name: 'withdraw_second_review_daily_operator',
        label: '提款：每位操作员每日单人出款合计（元）',
        kind: 'number',
        help: '当日单人审核出款合计超过后，提款需另一位操作员复核，1至1000000',
      },
      {
        name: 'withdraw_second_review_daily_member',
        label: '提款：每位会员每日单人出款合计（元）',
        kind: 'number',
        help: '会员当日经单人审核出款合计超过后，提款需另一位操作员复核，1至1000000',
      },
      {
        name: 'deposit_second_review_daily_operator',
        label: '人工存款：每位操作员每日单人入账合计（元）',
        kind: 'number',
        help: '当日单人审核入账合计超过后，存款需另一位操作员复核，1至1000000',
      },
      {
        name: 'deposit_second_review_daily_member',
        label: '人工存款：每位会员每日单人入账合计（元）',
        kind: 'number',
        help: '会员当日经单人审核入账合计超过后，存款需另一位操作员复核，1至1000000',
      },
    ],
  },
  {
    title: '返水',
    fields: [
      { name: 'fanshui', label: '返水开启', kind: 'switch' },
      { name: 'min_fanshui_money', label: '最低返水金额（元）', kind: 'number' },
    ],
  },
  { title: '红包', fields: [{ name: 'redpacket_switch', label: '红包活动开启', kind: 'switch' }] },
  {
    title: '服务地址',
    fields: [
      { name: 'service_url', label: '在线客服地址', kind: 'text' },
      { name: 'h5_url', label: 'H5地址', kind: 'text' },
      { name: 'visit_url', label: '推广访问地址', kind: 'text' },
      { name: 'agent_login_url', label: '代理后台地址', kind: 'text' },
      { name: 'ios_download_url', label: 'iOS下载地址', kind: 'text' },
      { name: 'ios_download_qrcode', label: 'iOS下载二维码图片', kind: 'text' },
    ],
  },
];

function SettingsGroup({ title, fields, settings }: { title: string; fields: FieldSpec<Key>[]; settings: Settings }) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const initialValues = Object.fromEntries(fields.map((f) => [f.name, toForm(f, settings[f.name])]));

  const save = async () => {
    setRefusal(null);
    setSaving(true);
    try {
      // Only this group's keys: the server checks each with its own message and leaves the rest alone.
      const input = toInput(fields, form.getFieldsValue(true) as Record<string, unknown>, true, {});
      const { data: next, message: said } = await callAdminWithMessage(e.settingsUpdate, { input, silent: true });
      queryClient.setQueryData(settingsKey, next);
      // The deposit bonus is proposed, not saved: the rest of the group is.
      void message.success(
        said === MSG.integrationChangePending ? `${title}设置已保存；存款赠送${said}` : `${title}设置已保存`,
      );
    } catch (error) {
      setRefusal(isApiError(error) ? error.message : '保存失败');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>}
      extra={
        <Button type="primary" loading={saving} onClick={() => void save()} aria-label={`保存${title}设置`}>
          保存
        </Button>
      }
      style={{ height: '100%' }}
    >
      {refusal ? <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" initialValues={initialValues} requiredMark={false} name={`settings-${title}`}>
        {fields.map((field) => (
          <FieldInput key={field.name} field={field} editing />
        ))}
      </Form>
    </Card>
  );
}

/** 站点设置 (admin): every site setting over GET/PUT /admin/api/settings, in groups that save on their own. */
export default function SettingsPage() {
  const settings = useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => callAdmin(e.settings, { signal }) });
  return (
    <>
      <PageTitle>站点设置</PageTitle>
      {settings.data ? (
        <Row gutter={[16, 16]}>
          {GROUPS.map((group) => (
            <Col key={group.title} xs={24} xl={12}>
              <SettingsGroup title={group.title} fields={group.fields} settings={settings.data} />
            </Col>
          ))}
        </Row>
      ) : settings.isError ? (
        <Alert
          type="error"
          showIcon
          title="站点设置加载失败"
          action={<Button onClick={() => void settings.refetch()}>重试</Button>}
        />
      ) : (
        <PageLoading />
      )}
    </>
  );
}
