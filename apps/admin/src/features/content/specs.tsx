import {
  adminEndpoints,
  adminResources,
  cannedReplyResource,
  GAME_CATEGORIES,
  MSG,
  PAY_RANGE_TYPES,
  receivingAccountResource,
} from '@h5/contract';
import { Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { callAdmin } from '../../shared/api/client';
import { payWayLabel } from '../../shared/labels';
import { PAY_RANGE_TYPE_LABELS, PayRangesEditor, payRangeTypeLabel } from './pay-ranges-editor';
import { StatusTag } from '../../shared/ui/status-tag';
import { defineResource, fromResource, type Option } from '../../shared/resources/resource-page';
import { VenueCatalogueSyncButton, VenueIntegrationButton, WALLET_MODE_LABEL } from './venue-integration';

// Every list/create/update/delete screen as data: the contract's calls, the columns, the form's fields. The field
// names are keys of the contract's input schemas, so a renamed field fails the type check here.

const r = adminResources;
const e = adminEndpoints;

const CATEGORY_OPTIONS: Option[] = GAME_CATEGORIES.map((c) => ({ value: c.id, label: c.name }));
/** A change of an integration or of money fields waits for a second admin: the list says so beside the row. */
const pendingTag = (v: unknown) => (v ? <StatusTag tone="warning">待审批</StatusTag> : '-');
/** The column of a resource whose money fields wait for a second admin (docs/operators.md "Who may move money"). */
const pendingColumn = { name: 'pending_change', title: '变更', width: 90, show: pendingTag } as const;
const categoryName = (id: unknown) => GAME_CATEGORIES.find((c) => c.id === id)?.name ?? String(id);
/** A receiving account's channel is a getPayRange type: the member's deposit of that type lists it. */
const CHANNELS: Option[] = PAY_RANGE_TYPES.map((t) => ({ value: t, label: PAY_RANGE_TYPE_LABELS[t] }));
/** The member app's banner slot (750×280 design pixels). */
export const BANNER_ASPECT: [number, number] = [750, 280];

// The columns and fields most screens share: the id, the order (smaller first) and the on/off switch.
const idColumn = { name: 'id', title: 'ID', width: 70 } as const;
const sortColumn = { name: 'sort', title: '排序', width: 80 } as const;
const enabledColumn = { name: 'enabled', title: '启用', width: 90, show: 'toggle' } as const;
const sortField = { name: 'sort', label: '排序', kind: 'number', initial: 0 } as const;
const enabledField = { name: 'enabled', label: '启用', kind: 'switch' } as const;

/** Options read from another resource's list (the same cache as its own screen). */
function useListOptions<T>(
  endpoint: typeof r.venues.list | typeof r.promotionTypes.list | typeof e.paymentGateways,
  map: (row: T) => Option,
) {
  const list = useQuery({
    queryKey: ['resource', endpoint.path],
    queryFn: ({ signal }) => callAdmin(endpoint as typeof r.venues.list, { signal }) as Promise<unknown[]>,
  });
  return list.data?.map((row) => map(row as T));
}
const useVenueOptions = () =>
  useListOptions<{ code: string; name: string }>(r.venues.list, (v) => ({
    value: v.code,
    label: `${v.name}（${v.code}）`,
  }));
const usePromotionTypeOptions = () =>
  useListOptions<{ id: number; name: string }>(r.promotionTypes.list, (t) => ({ value: t.id, label: t.name }));
const useGatewayOptions = () =>
  useListOptions<{ code: string; name: string }>(e.paymentGateways, (g) => ({
    value: g.code,
    label: `${g.name}（${g.code}）`,
  }));

export const banners = defineResource({
  ...fromResource(r.banners),
  rowKey: 'id',
  nameOf: (row) => `#${row.id}`,
  intro: '会员端首页顶部轮播，按排序从小到大显示；保存后会员端立即可见。',
  columns: [
    idColumn,
    { name: 'src', title: '图片', width: 140, show: 'image' },
    { name: 'src', title: '地址' },
    sortColumn,
    enabledColumn,
  ],
  fields: [
    { name: 'src', label: '图片地址', kind: 'image', aspect: BANNER_ASPECT, upload: 'banner' },
    { name: 'sort', label: '排序', kind: 'number', initial: 0, help: '数字小的排在前面' },
    enabledField,
  ],
});

export const notices = defineResource({
  ...fromResource(r.notices),
  rowKey: 'id',
  nameOf: (row) => row.text.slice(0, 20),
  intro: '会员端首页滚动公告；保存后会员端立即可见。',
  columns: [idColumn, { name: 'text', title: '内容' }, sortColumn, enabledColumn],
  fields: [{ name: 'text', label: '公告内容', kind: 'textarea' }, sortField, enabledField],
});

export const cannedReplies = defineResource({
  ...fromResource(cannedReplyResource),
  rowKey: 'id',
  nameOf: (row) => row.title,
  intro: '在线客服回复会员时可一键选用的常用回复，按排序从小到大列出；停用的不在客服的选择中。',
  columns: [
    idColumn,
    { name: 'title', title: '标题', width: 160 },
    { name: 'text', title: '回复内容' },
    sortColumn,
    enabledColumn,
  ],
  fields: [
    { name: 'title', label: '标题', kind: 'text' },
    { name: 'text', label: '回复内容', kind: 'textarea' },
    sortField,
    enabledField,
  ],
});

export const venues = defineResource({
  ...fromResource(r.venues),
  rowKey: 'id',
  nameOf: (row) => row.name,
  columns: [
    idColumn,
    { name: 'code', title: '场馆代码', width: 120 },
    { name: 'name', title: '名称' },
    { name: 'platname', title: '简称', width: 120 },
    { name: 'category_id', title: '分类', width: 110, show: categoryName },
    {
      name: 'wallet_mode',
      title: '钱包模式',
      width: 110,
      // A hub88 venue is connected by its keys, an h5 venue by its secret.
      show: (v, row) =>
        (row.protocol === 'hub88' ? row.private_key_set : row.api_secret_set)
          ? (WALLET_MODE_LABEL[String(v)] ?? String(v))
          : '未接入',
    },
    { name: 'pending_change', title: '接入变更', width: 100, show: pendingTag },
    sortColumn,
    enabledColumn,
  ],
  intro: '新增场馆后须由管理员在「接入设置」中填写钱包模式、接口地址和密钥，经另一位管理员审批后才能转账和投注。',
  // The wallet mode, address, secret and currency are an admin's proposal (接入设置), never this form's.
  fields: [
    { name: 'code', label: '场馆代码', kind: 'text' },
    { name: 'name', label: '名称', kind: 'text' },
    { name: 'platname', label: '简称', kind: 'text', help: '显示在名称旁，留空则用场馆代码' },
    { name: 'category_id', label: '分类', kind: 'select', options: CATEGORY_OPTIONS },
    sortField,
    enabledField,
  ],
  rowActions: (row) => (
    <>
      <VenueIntegrationButton row={row} />
      <VenueCatalogueSyncButton row={row} />
    </>
  ),
});

export const games = defineResource({
  ...fromResource(r.games),
  rowKey: 'id',
  nameOf: (row) => row.name,
  columns: [
    idColumn,
    { name: 'mobile_img', title: '图标', width: 90, show: 'image' },
    { name: 'name', title: '名称' },
    { name: 'category_id', title: '分类', width: 110, show: categoryName },
    { name: 'platform_name', title: '场馆', width: 110 },
    { name: 'game_code', title: '游戏代码', width: 120 },
    sortColumn,
    { name: 'app_state', title: '启用', width: 90, show: 'toggle' },
  ],
  fields: [
    { name: 'name', label: '名称', kind: 'text' },
    { name: 'category_id', label: '分类', kind: 'select', options: CATEGORY_OPTIONS },
    { name: 'platform_name', label: '场馆', kind: 'select', options: useVenueOptions },
    { name: 'game_code', label: '游戏代码', kind: 'text', help: '留空则进入场馆大厅' },
    { name: 'mobile_img', label: '图标地址', kind: 'image', aspect: [1, 1], upload: 'content' },
    sortField,
    { name: 'app_state', label: '启用', kind: 'switch' },
  ],
});

export const promotionTypes = defineResource({
  ...fromResource(r.promotionTypes),
  rowKey: 'id',
  nameOf: (row) => row.name,
  columns: [idColumn, { name: 'name', title: '名称' }, sortColumn, enabledColumn],
  fields: [{ name: 'name', label: '名称', kind: 'text' }, sortField, enabledField],
});

export const promotions = defineResource({
  ...fromResource(r.promotions),
  rowKey: 'id',
  nameOf: (row) => row.title,
  intro: '活动内容与说明为HTML，保存时服务器会清理不安全的标签与属性。',
  columns: [
    idColumn,
    { name: 'banner', title: '横幅', width: 140, show: 'image' },
    { name: 'title', title: '标题' },
    { name: 'content', title: '内容', show: 'html' },
    sortColumn,
    enabledColumn,
  ],
  fields: [
    { name: 'title', label: '标题', kind: 'text' },
    { name: 'type_id', label: '活动类型', kind: 'select', nullable: true, options: usePromotionTypeOptions },
    { name: 'banner', label: '横幅图片', kind: 'image', aspect: BANNER_ASPECT, upload: 'banner' },
    { name: 'content', label: '活动内容', kind: 'richtext' },
    { name: 'memo', label: '活动说明', kind: 'richtext' },
    sortField,
    enabledField,
  ],
});

export const articles = defineResource({
  ...fromResource(r.articles),
  rowKey: 'id',
  nameOf: (row) => row.title,
  columns: [
    idColumn,
    { name: 'type', title: '类型', width: 80 },
    { name: 'title', title: '标题' },
    { name: 'content', title: '内容', show: 'html' },
  ],
  fields: [
    { name: 'type', label: '类型', kind: 'number', initial: 1, help: '1-8，会员端帮助中心按类型显示一篇' },
    { name: 'title', label: '标题', kind: 'text' },
    { name: 'content', label: '内容', kind: 'richtext' },
  ],
});

const percentField = (name: 'realperson' | 'sport' | 'e_sport' | 'joker' | 'electron' | 'lottery', label: string) =>
  ({ name, label: `${label}返水（%）`, kind: 'money', initial: '0' }) as const;

/** The rebate rates of a VIP level, by game category, as its row shows them. */
const VIP_RATES = [
  ['realperson', '真人'],
  ['sport', '体育'],
  ['e_sport', '电竞'],
  ['joker', '棋牌'],
  ['electron', '电子'],
  ['lottery', '彩票'],
] as const;

export const vipLevels = defineResource({
  ...fromResource(r.vipLevels),
  rowKey: 'id',
  nameOf: (row) => `VIP${row.level}${row.name ? ` ${row.name}` : ''}`,
  intro:
    '会员端VIP页按等级从低到高显示前10个启用的等级（标签为名称）。新增等级及修改等级、晋级条件、保级流水与返水比例须另一位管理员在「待审批变更」中通过后生效；返水比例每项最高3%。名称和启用立即生效。',
  scrollX: 1000,
  columns: [
    { name: 'level', title: '等级', width: 70 },
    { name: 'name', title: '名称', width: 100 },
    { name: 'recharge', title: '累计存款', width: 100 },
    { name: 'flow', title: '累计流水', width: 100 },
    { name: 'retention', title: '保级流水', width: 100 },
    // The six rates in one column, wrapping, so that the level's switch and buttons stay on a 1280 px screen.
    {
      name: 'realperson',
      title: '返水比例',
      show: (_v, row) => (
        <Space size={[12, 0]} wrap>
          {VIP_RATES.map(([key, label]) => (
            <span key={key} style={{ whiteSpace: 'nowrap' }}>{`${label} ${String(row[key])}%`}</span>
          ))}
        </Space>
      ),
    },
    pendingColumn,
    enabledColumn,
  ],
  fields: [
    { name: 'level', label: '等级', kind: 'number' },
    { name: 'name', label: '名称', kind: 'text' },
    { name: 'recharge', label: '晋级累计存款（元）', kind: 'money' },
    { name: 'flow', label: '晋级累计流水（元）', kind: 'money' },
    { name: 'retention', label: '保级流水（元，90天内，0为不要求）', kind: 'money', initial: '0' },
    percentField('realperson', '真人'),
    percentField('sport', '体育'),
    percentField('e_sport', '电竞'),
    percentField('joker', '棋牌'),
    percentField('electron', '电子'),
    percentField('lottery', '彩票'),
    enabledField,
  ],
});

export const redpacketRules = defineResource({
  ...fromResource(r.redpacketRules),
  rowKey: 'id',
  nameOf: (row) => `${row.start_time}-${row.end_time}`,
  intro:
    '新增规则及修改时段、存款区间、可抢次数与红包上限须另一位管理员在「待审批变更」中通过后生效。红包上限最高为存款的10%，可抢次数×红包上限不超过10%，存款上限最高1000000元。启用立即生效。',
  columns: [
    idColumn,
    { name: 'start_time', title: '开始', width: 90 },
    { name: 'end_time', title: '结束', width: 90 },
    { name: 'day_flow', title: '当日存款下限', width: 120 },
    { name: 'flow_money', title: '当日存款上限', width: 120 },
    { name: 'recharge', title: '可抢次数', width: 90 },
    { name: 'money', title: '红包上限%', width: 100 },
    pendingColumn,
    enabledColumn,
  ],
  fields: [
    { name: 'start_time', label: '开始时间（HH:mm，北京时间）', kind: 'text' },
    { name: 'end_time', label: '结束时间（HH:mm）', kind: 'text' },
    { name: 'day_flow', label: '当日存款下限（元）', kind: 'money' },
    { name: 'flow_money', label: '当日存款上限（元）', kind: 'money' },
    { name: 'recharge', label: '可抢次数', kind: 'number', initial: 0 },
    { name: 'money', label: '红包上限（存款的%）', kind: 'money' },
    enabledField,
  ],
});

export const receivingAccounts = defineResource({
  ...fromResource(receivingAccountResource),
  rowKey: 'id',
  nameOf: (row) =>
    row.channel === 'bank'
      ? `${row.bank_name} ${row.bank_owner}`.trim()
      : `${payRangeTypeLabel(row.channel)} ${row.mch_id}`.trim(),
  intro:
    '会员存款时看到所选渠道的启用账户：银行卡显示银行、卡号、户名与开户行；其他渠道显示收款账号或钱包地址、说明与收款码。',
  scrollX: 1100,
  columns: [
    idColumn,
    { name: 'channel', title: '渠道', width: 120, show: (v) => payRangeTypeLabel(String(v)) },
    { name: 'bank_name', title: '银行', width: 140 },
    // What the member pays to: a bank account's number, any other channel's account or address.
    {
      name: 'bank_no',
      title: '卡号/收款地址',
      show: (_v, row) => (row.channel === 'bank' ? row.bank_no : row.mch_id) || '-',
    },
    { name: 'bank_owner', title: '户名', width: 100 },
    sortColumn,
    enabledColumn,
  ],
  fields: [
    { name: 'channel', label: '渠道', kind: 'select', options: CHANNELS, initial: 'bank' },
    { name: 'bank_name', label: '银行名称', kind: 'text', help: '银行卡渠道必填' },
    { name: 'bank_no', label: '银行卡号', kind: 'text', help: '银行卡渠道必填' },
    { name: 'bank_owner', label: '户名', kind: 'text', help: '银行卡渠道必填' },
    { name: 'bank_address', label: '开户行地址', kind: 'text' },
    {
      name: 'mch_id',
      label: '收款账号/钱包地址',
      kind: 'text',
      help: '微信、支付宝、EB支付填收款账号，USDT填对应协议的钱包地址；银行卡以外的渠道必填',
    },
    { name: 'content', label: '说明', kind: 'textarea', help: '会员端显示在收款账号下方，USDT可填协议' },
    { name: 'payimg', label: '收款码图片地址', kind: 'image', aspect: [1, 1] },
    sortField,
    enabledField,
  ],
});

export const gateways = defineResource({
  title: '支付通道',
  noun: '支付通道',
  list: e.paymentGateways,
  create: e.paymentGatewayCreate,
  update: e.paymentGatewayUpdate,
  remove: e.paymentGatewayDelete,
  rowKey: 'code',
  nameOf: (row) => row.name,
  intro:
    '新增通道及修改商户号、商户密钥、提交地址须另一位管理员在「待审批变更」中通过后生效；更换提交地址须重新填写密钥。名称和启用立即生效。商户密钥只写不读。',
  columns: [
    { name: 'code', title: '通道代码', width: 120 },
    { name: 'name', title: '名称', width: 140 },
    { name: 'protocol', title: '协议', width: 80 },
    { name: 'merchant_id', title: '商户号', width: 120 },
    { name: 'submit_url', title: '提交地址' },
    { name: 'pending_change', title: '接入变更', width: 100, show: pendingTag },
    enabledColumn,
  ],
  savedMessage: (answer, editing) =>
    !editing || (answer as { pending_change?: boolean }).pending_change ? MSG.integrationChangePending : undefined,
  fields: [
    { name: 'code', label: '通道代码', kind: 'text', createOnly: true },
    { name: 'name', label: '名称', kind: 'text' },
    { name: 'merchant_id', label: '商户号', kind: 'text' },
    { name: 'secret', label: '商户密钥', kind: 'text', writeOnly: true },
    {
      name: 'submit_url',
      label: '提交地址',
      kind: 'text',
      help: '支付网关 submit.php 的完整 https 网址，如 https://pay.example.com/submit.php',
    },
    enabledField,
  ],
});

export const payWays = defineResource({
  title: '支付方式',
  noun: '支付方式',
  list: e.payWays,
  update: e.payWayUpdate,
  rowKey: 'code',
  nameOf: (row) => row.name,
  intro:
    '支付方式固定，不可新增或删除；选择支付通道后该方式走在线支付，否则走收款账户与人工审核。金额范围即会员端存款页的单笔限额（最高1000000元），修改须另一位管理员在「待审批变更」中通过后生效；名称、排序、启用和支付通道立即生效。',
  columns: [
    { name: 'code', title: '代码', width: 100, show: (v) => `${payWayLabel(String(v))}（${String(v)}）` },
    { name: 'name', title: '名称', width: 120 },
    { name: 'gateway', title: '支付通道', width: 120 },
    {
      name: 'ranges',
      title: '金额范围',
      show: (_v, row) =>
        row.ranges.length
          ? row.ranges.map((x) => `${payRangeTypeLabel(x.type)}：${x.min_price}-${x.max_price}`).join('；')
          : '-',
    },
    pendingColumn,
    sortColumn,
    enabledColumn,
  ],
  fields: [
    { name: 'name', label: '名称', kind: 'text' },
    // Where a way's deposits are paid is the admin's: finance neither sees nor sends it.
    {
      name: 'gateway',
      label: '支付通道',
      kind: 'select',
      nullable: true,
      options: useGatewayOptions,
      onlyFor: e.paymentGateways,
    },
    { name: 'sort', label: '排序', kind: 'number' },
    enabledField,
    {
      name: 'ranges',
      label: '金额范围',
      kind: 'custom',
      render: (row) => <PayRangesEditor code={String(row?.code ?? '')} />,
    },
  ],
});
