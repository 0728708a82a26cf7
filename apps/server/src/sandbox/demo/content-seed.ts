import { randomBytes } from 'node:crypto';
import type { GameCategoryId } from '@h5/contract';
import { articles, banners, games, notices, slotGames } from '../../db/tables/content';
import { venues } from '../../db/tables/venues';
import { vipLevels } from '../../db/tables/vip';
import type { Tx } from '../../db/client';

/**
 * Demo content of a fresh site: banners, notices, venues, home games, slot lists, help articles and VIP levels.
 * Every name is invented; every image is ours, drawn by scripts/generate-art.ts from the same lists below.
 */

export const artPath = {
  banner: (n: number) => `/art/banners/banner-${n}.svg`,
  venueTile: (code: string) => `/art/games/${code}.svg`,
  slot: (catecode: string, gamecode: string) => `/art/slots/${catecode}/${gamecode}.svg`,
};

export interface DemoBanner {
  headline: string;
  subline: string;
  /** Theme of the generated artwork. */
  theme: 'welcome' | 'redpacket' | 'vip' | 'responsible';
}

export const DEMO_BANNERS: readonly DemoBanner[] = [
  { headline: '新会员首存加赠', subline: '注册即享首存礼金，最高加赠 888 元', theme: 'welcome' },
  { headline: '每日红包准时开抢', subline: '北京时间 10:00-12:00，存款越多机会越多', theme: 'redpacket' },
  { headline: 'VIP十级尊享返水', subline: '逐级晋升，返水每日结算，福利中心自助领取', theme: 'vip' },
  { headline: '理性娱乐 量力而行', subline: '设定预算与时长，未满18岁请勿参与', theme: 'responsible' },
];

export const DEMO_NOTICES: readonly string[] = [
  '欢迎来到星河体育！新会员注册完成即可参与首存加赠活动，详情请查看优惠页面。',
  '每日红包雨于北京时间 10:00-12:00 开放，当日存款满足条件即可领取，祝您好运！',
  'VIP返水每日 24 小时内发放至福利中心，请及时手动领取，返水需完成 1 倍流水即可提现。',
  '为保障资金安全，请绑定本人实名的银行卡或USDT地址，切勿向任何人透露支付密码。',
  '系统将于每周三凌晨 04:00-05:00 例行维护，维护期间部分场馆可能暂停服务，敬请谅解。',
  '理性娱乐，量力而行。未满18周岁禁止注册，如需暂停或关闭账户请联系在线客服。',
];

export interface DemoVenue {
  /** What clients send as plat_name and as transfer source or target; equal to platname. */
  code: string;
  name: string;
  category: GameCategoryId;
}

/**
 * Venues of every category in sidebar order (docs/member-app.md "Entities and fields"). The slot venues' codes are the /concise tabs of docs/member-app.md "Screens and routes"
 * (obgdy, fgdz, pp, ae): tapping a slot opens the game page with its catecode as the venue.
 */
export const DEMO_VENUES: readonly DemoVenue[] = [
  { code: 'XHZR', name: '星河真人', category: 'realbet' },
  { code: 'MYSX', name: '明月视讯', category: 'realbet' },
  { code: 'JDZR', name: '金殿真人', category: 'realbet' },
  { code: 'FCZR', name: '翡翠真人', category: 'realbet' },
  { code: 'JSTY', name: '极速体育', category: 'sport' },
  { code: 'LYTY', name: '蓝鹰体育', category: 'sport' },
  { code: 'HYTY', name: '环宇体育', category: 'sport' },
  { code: 'LTDJ', name: '雷霆电竞', category: 'gaming' },
  { code: 'XYDJ', name: '星耀电竞', category: 'gaming' },
  { code: 'ZFDJ', name: '战锋电竞', category: 'gaming' },
  { code: 'JLQP', name: '锦鲤棋牌', category: 'joker' },
  { code: 'QSQP', name: '青松棋牌', category: 'joker' },
  { code: 'HFQP', name: '鸿福棋牌', category: 'joker' },
  { code: 'obgdy', name: '鸥鹏电子', category: 'concise' },
  { code: 'fgdz', name: '飞鸽电子', category: 'concise' },
  { code: 'pp', name: '璞品电子', category: 'concise' },
  { code: 'ae', name: '爱亿电子', category: 'concise' },
  { code: 'XYCP', name: '幸运彩票', category: 'lottery' },
  { code: 'FXCP', name: '福星彩票', category: 'lottery' },
  { code: 'JSCP', name: '极速彩票', category: 'lottery' },
];

/**
 * The sandbox aggregator's two venues (SANDBOX=1), connected at start to this server's own address: one keeping the
 * member's balance on its side (transfer wallet), one playing from the central wallet (seamless).
 */
export const AGGREGATOR_DEMO_VENUES: readonly (DemoVenue & { walletMode: 'transfer' | 'seamless' })[] = [
  { code: 'JHZR', name: '聚合真人', category: 'realbet', walletMode: 'transfer' },
  { code: 'JHQP', name: '聚合棋牌', category: 'joker', walletMode: 'seamless' },
];

/**
 * The Hub88 sandbox aggregator's venue (SANDBOX=1): a seamless venue speaking the Hub88 Operator API, its slot list
 * and home tiles brought in by the catalogue sync (docs/venues.md "Hub88 catalogue").
 */
export const HUB88_DEMO_VENUE: DemoVenue = { code: 'HQDZ', name: '环球电子', category: 'concise' };

/** Slot lists per catecode (docs/member-app.md "Screens by route" /concise tabs); gamecodes are unique within a venue. */
export const DEMO_SLOTS: Readonly<Record<string, readonly string[]>> = {
  obgdy: [
    '财神到家',
    '金龙献瑞',
    '招财猫咪',
    '水果派对',
    '幸运七七',
    '海底寻宝',
    '熊猫乐园',
    '丛林探险',
    '黄金矿工',
    '星际宝石',
    '锦鲤跃门',
    '福禄寿喜',
    '法老秘宝',
    '雪原奇遇',
  ],
  fgdz: [
    '糖果工坊',
    '狂欢嘉年华',
    '龙虎争霸',
    '东方神龙',
    '百变魔方',
    '海盗宝藏',
    '蒸汽朋克',
    '月光女神',
    '火焰钻石',
    '森林之王',
    '幸运转轮',
    '极速赛车',
    '神秘古堡',
    '金币瀑布',
  ],
  pp: [
    '甜蜜派对',
    '狂野西部',
    '水晶之心',
    '黄金牛仔',
    '极光宝藏',
    '魔法书屋',
    '雷电法杖',
    '萌犬乐园',
    '鲜果连连',
    '宝石连珠',
    '奇幻马戏团',
    '海豚之歌',
    '仙境花园',
    '幸运熊猫',
  ],
  ae: [
    '舞狮贺岁',
    '金蟾吐宝',
    '竹林雀语',
    '武林群侠',
    '飞天仙女',
    '红包雨',
    '鞭炮迎春',
    '孔雀开屏',
    '齐天大圣',
    '五福临门',
    '江南水乡',
    '金鸡报晓',
    '青花瓷韵',
    '月下灯笼',
  ],
};

export const SLOT_CODE_PREFIX: Readonly<Record<string, string>> = { obgdy: 'OB', fgdz: 'FG', pp: 'PP', ae: 'AE' };

/** The slot games as rows, with their generated icon. */
export function demoSlotGames() {
  return Object.entries(DEMO_SLOTS).flatMap(([catecode, names]) =>
    names.map((gamename, i) => {
      const gamecode = `${SLOT_CODE_PREFIX[catecode] ?? catecode.toUpperCase()}${1001 + i}`;
      return { catecode, gamecode, gamename, gamepic: artPath.slot(catecode, gamecode), sort: i + 1 };
    }),
  );
}

const section = (heading: string, ...paragraphs: string[]) =>
  `<h3>${heading}</h3>\n${paragraphs.map((p) => (p.startsWith('<') ? p : `<p>${p}</p>`)).join('\n')}`;
const list = (...items: string[]) => `<ul>\n${items.map((i) => `  <li>${i}</li>`).join('\n')}\n</ul>`;

/** The eight help articles (docs/wire-rules.md "Promotions and content": types 1 to 8). */
export const DEMO_ARTICLES: ReadonlyArray<{ type: number; title: string; content: string }> = [
  {
    type: 1,
    title: '常见问题',
    content: [
      section(
        '如何注册账号？',
        '点击首页右上角"注册"，填写6~16位字母或数字组成的用户名、登录密码、真实姓名与支付密码，输入验证码后即可完成注册。',
      ),
      section(
        '存款多久到账？',
        '扫码类存款在支付成功后通常1~3分钟内到账；银行转账需经财务审核，一般在10分钟内完成。若超过30分钟仍未到账，请联系在线客服并提供存款单号。',
      ),
      section(
        '如何提款？',
        '进入"我的-取款"，选择已绑定的银行卡或USDT地址并输入支付密码。单笔最低100元，需完成相应打码量后方可提款。',
      ),
      section(
        '为什么需要先转账到场馆？',
        '各游戏场馆使用独立钱包。开启"自动转账"后，进入游戏时系统会自动将中心钱包余额转入对应场馆；也可在"转账"页面手动操作或一键回收。',
      ),
      section('忘记密码怎么办？', '请联系在线客服，核实身份信息后协助您重置登录密码或支付密码。'),
    ].join('\n'),
  },
  {
    type: 2,
    title: '隐私政策',
    content: [
      section(
        '我们收集的信息',
        '为提供账户与资金服务，我们会收集您主动提供的用户名、真实姓名、手机号、邮箱、生日及绑定的收款信息，以及登录时间、IP地址等必要的安全日志。',
      ),
      section(
        '信息的使用',
        list('核实身份、处理存款与提款；', '防范盗号、欺诈与洗钱等风险；', '在您同意的前提下发送活动与服务通知。'),
      ),
      section(
        '信息的保护',
        '密码与支付密码仅以加盐哈希形式保存，任何工作人员都无法查看原文；会话令牌定期失效。我们不会出售您的个人信息。',
      ),
      section('您的权利', '您可以随时在"个人资料"中查看和更新信息，或联系在线客服申请更正、导出或注销账户。'),
    ].join('\n'),
  },
  {
    type: 3,
    title: '免责声明',
    content: [
      section(
        '服务说明',
        '本站提供的游戏内容由合作场馆提供，赛事结果以官方公布为准。因网络、设备或不可抗力导致的中断或延迟，本站将尽力协助处理，但不承担由此产生的间接损失。',
      ),
      section('用户责任', '请确认您已年满18周岁，并遵守所在地区的法律法规。因泄露账号、密码造成的损失由用户自行承担。'),
      section('条款变更', '本站有权根据运营需要调整活动规则及本声明，调整后的内容自公布之日起生效。'),
    ].join('\n'),
  },
  {
    type: 4,
    title: '联系我们',
    content: [
      section('在线客服', '7×24小时在线，点击底部"客服"即可与客服专员对话，平均响应时间不超过1分钟。'),
      section(
        '其他联系方式',
        list('客服邮箱：service@example.com', '合作邮箱：partner@example.com', '投诉建议：feedback@example.com'),
      ),
      '<p>为保障您的账户安全，客服人员不会索取您的登录密码或支付密码。</p>',
    ].join('\n'),
  },
  {
    type: 5,
    title: '代理加盟',
    content: [
      section('加入我们', '星河体育合作伙伴计划面向拥有推广渠道的个人与团队开放，零门槛加入，无需任何费用。'),
      section(
        '代理优势',
        list(
          '佣金按月结算，最高可达净盈利的45%；',
          '专属推广链接与数据后台，实时查看下线数据；',
          '专员一对一服务，提供推广素材。',
        ),
      ),
      section('如何申请', '登录后进入"我的-加入我们"，填写手机号与申请理由并提交，工作人员将在1个工作日内与您联系。'),
    ].join('\n'),
  },
  {
    type: 6,
    title: '代理协议',
    content: [
      section('一、合作关系', '代理与本站为合作推广关系，代理不得以本站名义从事任何违法活动或作出本站未授权的承诺。'),
      section(
        '二、佣金计算',
        '佣金以代理名下有效会员当月的净盈利为基数，扣除优惠、返水及平台费用后按对应比例计算，次月初发放。',
      ),
      section(
        '三、禁止行为',
        list(
          '自行注册或诱导他人注册虚假账户套取佣金或优惠；',
          '向未满18周岁的人士推广；',
          '使用虚假宣传、垃圾信息等不正当方式推广。',
        ),
      ),
      section('四、协议终止', '违反上述条款的，本站有权冻结佣金并终止合作。'),
    ].join('\n'),
  },
  {
    type: 7,
    title: '关于我们',
    content: [
      section(
        '星河体育',
        '星河体育是一站式线上娱乐平台，汇集体育赛事、真人视讯、电子竞技、棋牌、电子游艺与彩票六大类游戏。',
      ),
      section(
        '我们的承诺',
        list(
          '资金安全：独立账户体系，每一笔资金变动均有记录可查；',
          '公平公正：游戏结果由场馆系统产生，赛事结果以官方为准；',
          '贴心服务：7×24小时在线客服。',
        ),
      ),
      '<p>我们倡导理性娱乐，请量力而行。</p>',
    ].join('\n'),
  },
  {
    type: 8,
    title: '理性博彩',
    content: [
      '<p>博彩应当是一种娱乐方式，而不是赚钱的途径。请只用您输得起的闲钱参与，并随时留意自己的状态。</p>',
      section(
        '年满18周岁',
        '未满18周岁人士不得注册或参与任何游戏。请家长妥善保管设备与支付方式，防止未成年人接触博彩内容。',
      ),
      section(
        '设定存款上限',
        '开始之前为自己定好每日、每周和每月的存款预算，并严格遵守。达到上限就停止，不要为了"回本"追加存款，也不要借钱、透支信用卡或动用生活必需的资金。',
      ),
      section(
        '控制游戏时间',
        '给每次游戏设定时长，使用手机闹钟提醒自己；每隔一段时间休息一下。疲惫、饮酒或情绪低落时不要参与。',
      ),
      section(
        '暂停与自我排除',
        '如果您觉得需要休息，可以联系在线客服申请暂停账户（冷静期）或关闭账户（自我排除）。在此期间账户将无法登录和存款，我们也不会向您发送任何推广信息。',
      ),
      section(
        '警惕问题博彩的信号',
        list(
          '花在博彩上的时间和金钱越来越多，超出原本的计划；',
          '输钱后急于翻本，或向家人隐瞒博彩情况；',
          '因博彩影响工作、学习、睡眠或家庭关系；',
          '为博彩借钱，或出现焦虑、烦躁、失眠等情绪问题。',
        ),
      ),
      section(
        '寻求帮助',
        '如果上述情况出现在您或您的亲友身上，请及时寻求专业帮助：',
        list(
          '向信任的家人、朋友倾诉，请他们协助管理财务；',
          '前往当地医院的心理科或精神科，或联系当地的心理援助热线；',
          '香港地区可致电平和基金戒赌求助热线 1834 633；',
          '匿名戒赌互助会（Gamblers Anonymous）：www.gamblersanonymous.org；',
          '国际在线支持：www.gamcare.org.uk、www.begambleaware.org。',
        ),
      ),
    ].join('\n'),
  },
];

/**
 * VIP 1 to 10 (docs/member-app.md "Constants and limits"): rising cumulative deposit and turnover thresholds and rebate percentages. Retention, the
 * valid turnover needed within 90 days to keep a level at the quarterly review, is a fifth of the level's flow;
 * VIP 1, the entry level, needs none.
 */
export const DEMO_VIP_LEVELS = [
  {
    level: 1,
    recharge: '0.00',
    flow: '0.00',
    retention: '0.00',
    realperson: '0.40',
    sport: '0.50',
    eSport: '0.50',
    joker: '0.40',
    electron: '0.50',
    lottery: '0.30',
  },
  {
    level: 2,
    recharge: '1000.00',
    flow: '5000.00',
    retention: '1000.00',
    realperson: '0.50',
    sport: '0.60',
    eSport: '0.60',
    joker: '0.50',
    electron: '0.60',
    lottery: '0.35',
  },
  {
    level: 3,
    recharge: '5000.00',
    flow: '25000.00',
    retention: '5000.00',
    realperson: '0.60',
    sport: '0.70',
    eSport: '0.70',
    joker: '0.55',
    electron: '0.70',
    lottery: '0.40',
  },
  {
    level: 4,
    recharge: '20000.00',
    flow: '100000.00',
    retention: '20000.00',
    realperson: '0.70',
    sport: '0.80',
    eSport: '0.80',
    joker: '0.60',
    electron: '0.80',
    lottery: '0.45',
  },
  {
    level: 5,
    recharge: '50000.00',
    flow: '300000.00',
    retention: '60000.00',
    realperson: '0.80',
    sport: '0.90',
    eSport: '0.90',
    joker: '0.70',
    electron: '0.90',
    lottery: '0.50',
  },
  {
    level: 6,
    recharge: '100000.00',
    flow: '800000.00',
    retention: '160000.00',
    realperson: '0.90',
    sport: '1.00',
    eSport: '1.00',
    joker: '0.80',
    electron: '1.00',
    lottery: '0.55',
  },
  {
    level: 7,
    recharge: '300000.00',
    flow: '2000000.00',
    retention: '400000.00',
    realperson: '1.00',
    sport: '1.10',
    eSport: '1.10',
    joker: '0.90',
    electron: '1.15',
    lottery: '0.60',
  },
  {
    level: 8,
    recharge: '800000.00',
    flow: '5000000.00',
    retention: '1000000.00',
    realperson: '1.10',
    sport: '1.20',
    eSport: '1.20',
    joker: '1.00',
    electron: '1.30',
    lottery: '0.65',
  },
  {
    level: 9,
    recharge: '2000000.00',
    flow: '12000000.00',
    retention: '2400000.00',
    realperson: '1.20',
    sport: '1.30',
    eSport: '1.30',
    joker: '1.10',
    electron: '1.45',
    lottery: '0.70',
  },
  {
    level: 10,
    recharge: '5000000.00',
    flow: '30000000.00',
    retention: '6000000.00',
    realperson: '1.30',
    sport: '1.40',
    eSport: '1.40',
    joker: '1.20',
    electron: '1.60',
    lottery: '0.80',
  },
] as const;

/**
 * Fills the content tables inside the seed's transaction. The demo venues are all played at the sandbox aggregator,
 * so without the sandbox there are no venues, home tiles or slot lists until an operator adds real ones.
 */
export async function seedContent(tx: Tx, options: { sandbox: boolean }): Promise<void> {
  await tx.insert(banners).values(DEMO_BANNERS.map((_, i) => ({ src: artPath.banner(i + 1), sort: i + 1 })));
  await tx.insert(notices).values(DEMO_NOTICES.map((text, i) => ({ text, sort: i + 1 })));
  await tx.insert(articles).values([...DEMO_ARTICLES]);
  await tx.insert(vipLevels).values(DEMO_VIP_LEVELS.map((l) => ({ ...l, name: `VIP${l.level}` })));
  if (options.sandbox) await seedSandboxVenues(tx);
}

async function seedSandboxVenues(tx: Tx): Promise<void> {
  // Transfer-wallet venues at the sandbox aggregator, each with a signing secret of this install's own; their API
  // address follows the server's own address at every start (connectSandboxAggregator), and until then they are
  // not reachable and refuse money in and launches like any venue without an address.
  await tx.insert(venues).values(
    DEMO_VENUES.map((v, i) => ({
      code: v.code,
      name: v.name,
      platname: v.code,
      categoryId: v.category,
      sort: i + 1,
      walletMode: 'transfer' as const,
      apiSecret: randomBytes(24).toString('base64url'),
    })),
  );
  // One home tile per venue; a slot venue's tile opens its /concise list, the others the venue's lobby.
  await tx.insert(games).values(
    DEMO_VENUES.map((v, i) => ({
      name: v.name,
      categoryId: v.category,
      appState: 1,
      platformName: v.code,
      gameCode: v.category === 'concise' ? v.code : '',
      mobileImg: artPath.venueTile(v.code),
      sort: i + 1,
    })),
  );
  // A retired tile: game/list answers every game and the client shows only app_state 1.
  await tx.insert(games).values({
    name: '经典彩票大厅',
    categoryId: 'lottery',
    appState: 0,
    platformName: 'XYCP',
    gameCode: 'classic',
    mobileImg: artPath.venueTile('XYCP'),
    sort: DEMO_VENUES.length + 1,
  });
  await tx.insert(slotGames).values(demoSlotGames());
}
