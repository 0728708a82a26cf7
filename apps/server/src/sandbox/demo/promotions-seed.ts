import type { DbOrTx } from '../../db/client';
import { promotions, promotionTypes } from '../../db/tables/promotions';

/** Art of a promotion banner, drawn by scripts/generate-promo-art.ts from DEMO_PROMOTIONS. */
export const promoArtPath = (n: number) => `/art/promo-${n}.svg`;

export const DEMO_PROMOTION_TYPES = ['新人专享', '日常活动', 'VIP特权', '限时活动'] as const;

export interface DemoPromotion {
  /** Index into DEMO_PROMOTION_TYPES. */
  type: number;
  title: string;
  /** Banner lines and colour theme. */
  headline: string;
  subline: string;
  hue: number;
  content: string;
  memo: string;
}

const rules = (...lines: string[]) => `<ol>${lines.map((l) => `<li>${l}</li>`).join('')}</ol>`;
const MEMO_COMMON =
  '<p>本活动仅限每位会员、每个手机号、每张银行卡及每个IP参与一次。如发现任何利用活动漏洞或违规套利行为，' +
  '本平台有权取消其活动资格并扣回相关优惠。本平台保留对活动的最终解释权。</p>';

export const DEMO_PROMOTIONS: readonly DemoPromotion[] = [
  {
    type: 0,
    title: '新会员首存加赠 最高888元',
    headline: '首存加赠 100%',
    subline: '新会员首笔存款，最高加赠 888 元',
    hue: 350,
    content:
      '<p>活动对象：注册后首次存款的新会员。</p>' +
      rules(
        '首笔存款满100元即可申请，加赠比例为存款金额的100%，最高888元。',
        '礼金需完成（本金+礼金）×10倍有效流水方可提现。',
        '请于存款后24小时内在本页面点击申请，审核通过后礼金自动到账。',
      ),
    memo: MEMO_COMMON,
  },
  {
    type: 1,
    title: '每日返水无上限 自助领取',
    headline: '每日返水 无上限',
    subline: '真人、体育、电竞、电子全场馆返水，最高1.5%',
    hue: 200,
    content:
      '<p>会员每笔有效投注结算后即按当前VIP等级计算返水，于福利中心自助领取。</p>' +
      rules('返水比例以VIP等级表为准，最高1.5%。', '返水仅需1倍流水即可提现。', '未领取的返水长期有效。'),
    memo: MEMO_COMMON,
  },
  {
    type: 2,
    title: 'VIP晋级礼金 逐级领取',
    headline: 'VIP晋级礼金',
    subline: '每晋升一级即可申请晋级礼金，最高 58888 元',
    hue: 42,
    content:
      '<p>累计存款与有效流水同时达到等级要求即可晋级，每日最多晋升一级，不可跳级。</p>' +
      rules(
        '晋级后可在本页面申请对应等级礼金，由客服审核后发放。',
        'VIP2 礼金18元，VIP5 礼金588元，VIP10 礼金58888元。',
        '礼金需完成1倍流水方可提现。',
      ),
    memo: MEMO_COMMON,
  },
  {
    type: 3,
    title: '红包雨 每日10:00准时开抢',
    headline: '每日红包雨',
    subline: '北京时间 10:00-12:00，存款越多红包越多',
    hue: 8,
    content:
      '<p>每日北京时间10:00-12:00开放抢红包，前一日12:00至当日10:00的存款计入当日红包额度。</p>' +
      rules(
        '存款100元起即可抢红包，存款越多可抢次数越多，最多每日5次。',
        '红包金额随机，最低1元，即抢即到账。',
        '红包需完成1倍流水方可提现。',
      ),
    memo: MEMO_COMMON,
  },
  {
    type: 1,
    title: '推荐好友 永久分红',
    headline: '推荐好友 赚佣金',
    subline: '好友每笔有效投注，您都可获得分红',
    hue: 150,
    content:
      '<p>通过您的专属推荐链接注册的好友，其有效投注的0.2%将作为推荐分红发放给您。</p>' +
      rules(
        '好友需完成首存并产生有效投注。',
        '分红每周一结算，申请后由客服审核发放。',
        '禁止自我推荐或批量注册，一经发现取消资格。',
      ),
    memo: MEMO_COMMON,
  },
  {
    type: 3,
    title: '周末体育串关加奖',
    headline: '周末串关加奖',
    subline: '体育串关3串1及以上，额外加奖最高18%',
    hue: 265,
    content:
      '<p>每周六、周日投注体育串关（3串1及以上）且注单全中，可申请额外加奖。</p>' +
      rules(
        '3串1加奖5%，5串1加奖10%，8串1及以上加奖18%。',
        '单注本金不低于50元，最高加奖8888元。',
        '请于注单结算后48小时内申请。',
      ),
    memo: MEMO_COMMON,
  },
];

export async function seedPromotions(tx: DbOrTx): Promise<void> {
  const types = await tx
    .insert(promotionTypes)
    .values(DEMO_PROMOTION_TYPES.map((name, i) => ({ name, sort: i + 1 })))
    .returning({ id: promotionTypes.id });
  await tx.insert(promotions).values(
    DEMO_PROMOTIONS.map((p, i) => ({
      typeId: types[p.type]?.id ?? null,
      title: p.title,
      banner: promoArtPath(i + 1),
      content: p.content,
      memo: p.memo,
      sort: i + 1,
    })),
  );
}
