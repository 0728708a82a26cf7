import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { DEFAULT_PAYMENT_PROTOCOL } from '@h5/contract';
import type { Tx } from '../../db/client';
import { SANDBOX_EPAY_SUBMIT_PATH } from '../gateway/sandbox-epay-routes';
import { qrPlaceholder } from '../../modules/payments/qr-placeholder';
import { banks, paymentGateways, payRanges, payWays, receivingAccounts } from '../../db/tables/payments';

/** Display order of get_pay_way (docs/wire-rules.md "Deposits": ebpay, card, usdt, wechat, alipay). */
const PAY_WAYS = [
  { code: 'ebpay', name: 'EB支付', enabled: 1, sort: 1 },
  { code: 'bank', name: '银行卡转账', enabled: 1, sort: 2 },
  { code: 'usdt', name: 'USDT', enabled: 1, sort: 3 },
  { code: 'wechat', name: '微信支付', enabled: 1, sort: 4 },
  { code: 'alipay', name: '支付宝', enabled: 1, sort: 5 },
] as const;

const PAY_RANGES = [
  { type: 'bank', payWay: 'bank', minPrice: '100.00', maxPrice: '50000.00' },
  { type: 'wechat', payWay: 'wechat', minPrice: '100.00', maxPrice: '5000.00' },
  { type: 'alipay', payWay: 'alipay', minPrice: '100.00', maxPrice: '10000.00' },
  { type: 'ebpay', payWay: 'ebpay', minPrice: '100.00', maxPrice: '20000.00' },
  { type: 'usdt-erc20', payWay: 'usdt', minPrice: '500.00', maxPrice: '100000.00' },
  { type: 'usdt-trc20', payWay: 'usdt', minPrice: '100.00', maxPrice: '100000.00' },
] as const;

/** Demo values only: the numbers and addresses belong to nobody. */
const RECEIVING_BANKS = [
  {
    bankName: '中国工商银行',
    bankNo: '6222021200045678123',
    bankOwner: '深圳星河网络科技有限公司',
    bankAddress: '深圳市福田区深南中路支行',
  },
  {
    bankName: '招商银行',
    bankNo: '6214830755261904',
    bankOwner: '深圳星河网络科技有限公司',
    bankAddress: '深圳市南山区科技园支行',
  },
];

const COLLECTION = [
  {
    channel: 'wechat',
    mchId: 'xinghe_pay_wx01',
    content: '微信扫码支付，付款备注请填写订单号',
    caption: '微信收款码示意',
  },
  {
    channel: 'alipay',
    mchId: 'pay01@xinghe-demo.cn',
    content: '支付宝扫码或转账，付款备注请填写订单号',
    caption: '支付宝收款码示意',
  },
  { channel: 'ebpay', mchId: 'EB8800662101', content: 'EB钱包扫码支付，到账后自动上分', caption: 'EB支付收款码示意' },
  {
    channel: 'usdt-trc20',
    mchId: 'TXgHeDemo7kPq3vN8mRz2LwYb5cJ4sFa9U',
    content: 'TRC20',
    caption: 'USDT-TRC20地址示意',
  },
  {
    channel: 'usdt-erc20',
    mchId: '0x5e1a7c3B9d02F4e86A3b7C9d1E0f2A4b6C8d0E1f',
    content: 'ERC20',
    caption: 'USDT-ERC20地址示意',
  },
];

const BANK_NAMES = [
  '中国工商银行',
  '中国建设银行',
  '中国农业银行',
  '中国银行',
  '交通银行',
  '招商银行',
  '中国邮政储蓄银行',
  '兴业银行',
  '中信银行',
  '上海浦东发展银行',
  '中国民生银行',
  '中国光大银行',
  '平安银行',
  '华夏银行',
  '广发银行',
];

/** The pay ways the sandbox gateway takes in the demo: QR-code ways; bank transfers and USDT wait for review. */
const SANDBOX_GATEWAY_WAYS = ['wechat', 'alipay', 'ebpay'] as const;

/**
 * Pay ways, ranges, receiving accounts and the bank list of a fresh database (called from seedIfEmpty). With the
 * sandbox, the demo's QR-code ways pay through the sandbox gateway, with a merchant secret of this install's own.
 */
export async function seedPayments(tx: Tx, options: { sandbox: boolean }): Promise<void> {
  await tx
    .insert(payWays)
    .values([...PAY_WAYS])
    .onConflictDoNothing();
  await tx
    .insert(payRanges)
    .values([...PAY_RANGES])
    .onConflictDoNothing();
  await tx.insert(receivingAccounts).values([
    ...RECEIVING_BANKS.map((b, i) => ({ channel: 'bank', ...b, sort: i + 1 })),
    ...COLLECTION.map((c, i) => ({
      channel: c.channel,
      mchId: c.mchId,
      content: c.content,
      payimg: qrPlaceholder(`${c.channel}:${c.mchId}`, c.caption),
      sort: i + 1,
    })),
  ]);
  await tx
    .insert(banks)
    .values(BANK_NAMES.map((bankName, i) => ({ bankName, sort: i + 1 })))
    .onConflictDoNothing();
  if (options.sandbox) {
    await tx.insert(paymentGateways).values({
      code: 'sandbox',
      name: '沙盒支付网关',
      protocol: DEFAULT_PAYMENT_PROTOCOL,
      merchantId: '1001',
      secret: randomBytes(24).toString('base64url'),
      submitUrl: SANDBOX_EPAY_SUBMIT_PATH,
    });
    await tx
      .update(payWays)
      .set({ gateway: 'sandbox' })
      .where(inArray(payWays.code, [...SANDBOX_GATEWAY_WAYS]));
  }
}
