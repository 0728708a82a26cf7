import { randomInt } from 'node:crypto';
import { centsToMoney, parseMoneyToCents } from '@h5/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { type OutboundPolicy, outboundFetch } from '../../lib/outbound';
import type { Clock } from '../../lib/time';
import { formatBeijing } from '../../lib/time';
import { paymentGateways } from '../../db/tables/payments';
import { epaySign, epaySignatureHolds, sameText } from '../../providers/epay';
import { cashierPage, resultPage } from './sandbox-epay-page';
import { sandboxEpayOrders } from './sandbox-epay-tables';

/** Where the sandbox gateway takes pay requests; a gateway row with this submit URL is one of its merchants. */
export const SANDBOX_EPAY_SUBMIT_PATH = '/sandbox/epay/submit.php';
const NOTIFY_TIMEOUT_MS = 10_000;

/** Only the string parameters of a query, form or JSON body: epay parameters are all text. */
function stringParams(source: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!source || typeof source !== 'object') return out;
  for (const [k, v] of Object.entries(source)) if (typeof v === 'string' && v.length <= 512) out[k] = v;
  return out;
}

const isWebUrl = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

function withParams(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

export interface SandboxEpayDeps {
  db: Db;
  clock: Clock;
  /** Its notify is a call this server makes: to an address a request's Host header chose, so it is guarded too. */
  outbound: OutboundPolicy;
}

/**
 * The sandbox payment gateway (SANDBOX=1 only): a real implementation of the epay protocol's gateway side. It
 * takes the merchant's signed pay request, shows a cashier, and on 确认支付 sends the signed notify to the
 * merchant's notify_url over HTTP before returning the browser to return_url; it answers the order query too. Its
 * merchants are the gateway rows whose submit URL is this one (it shares the database, not the code paths).
 */
export function sandboxEpayRoutes(app: FastifyInstance, deps: SandboxEpayDeps) {
  const { db, clock } = deps;
  const html = (reply: FastifyReply, page: string, status = 200) =>
    reply.code(status).type('text/html; charset=utf-8').send(page);

  const merchant = async (pid: string) => {
    if (!pid) return undefined;
    const [row] = await db
      .select()
      .from(paymentGateways)
      .where(and(eq(paymentGateways.merchantId, pid), eq(paymentGateways.submitUrl, SANDBOX_EPAY_SUBMIT_PATH)));
    return row;
  };

  const submit = async (req: FastifyRequest, reply: FastifyReply) => {
    const p = stringParams(req.method === 'GET' ? req.query : req.body);
    const account = await merchant(p.pid ?? '');
    if (!account) return html(reply, resultPage('商户不存在'), 400);
    if (!epaySignatureHolds(p, account.secret)) return html(reply, resultPage('签名校验失败'), 400);
    const cents = parseMoneyToCents(p.money ?? '');
    const outTradeNo = p.out_trade_no ?? '';
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(outTradeNo) || cents === null || cents <= 0) {
      return html(reply, resultPage('订单参数不正确'), 400);
    }
    if (!isWebUrl(p.notify_url ?? '') || !isWebUrl(p.return_url ?? ''))
      return html(reply, resultPage('通知地址不正确'), 400);
    const row = {
      tradeNo: `${formatBeijing(clock.now()).replace(/\D/g, '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`,
      pid: account.merchantId,
      outTradeNo,
      type: (p.type ?? '').slice(0, 16),
      name: (p.name ?? '').slice(0, 128),
      money: centsToMoney(cents),
      notifyUrl: p.notify_url ?? '',
      returnUrl: p.return_url ?? '',
      createdAt: clock.now(),
    };
    await db.insert(sandboxEpayOrders).values(row).onConflictDoNothing();
    const [order] = await db
      .select()
      .from(sandboxEpayOrders)
      .where(and(eq(sandboxEpayOrders.pid, row.pid), eq(sandboxEpayOrders.outTradeNo, outTradeNo)));
    if (!order) throw new Error('sandbox order vanished');
    // A merchant order number is one order: the same number with another amount is refused, as gateways do.
    if (parseMoneyToCents(order.money) !== cents) return html(reply, resultPage('订单金额与已提交的订单不一致'), 400);
    return html(
      reply,
      cashierPage({
        tradeNo: order.tradeNo,
        outTradeNo,
        name: order.name,
        money: centsToMoney(cents),
        type: order.type,
        paid: order.status === 1,
      }),
    );
  };
  app.get(SANDBOX_EPAY_SUBMIT_PATH, submit);
  app.post(SANDBOX_EPAY_SUBMIT_PATH, submit);

  app.post('/sandbox/epay/pay', async (req, reply) => {
    const p = stringParams(req.body);
    const [order] = await db
      .select()
      .from(sandboxEpayOrders)
      .where(eq(sandboxEpayOrders.tradeNo, p.trade_no ?? ''));
    if (!order) return html(reply, resultPage('订单不存在'), 404);
    if (p.result !== 'paid') return html(reply, resultPage('支付未完成，订单仍待支付', order.returnUrl));
    const account = await merchant(order.pid);
    if (!account) return html(reply, resultPage('商户不存在'), 400);
    await db
      .update(sandboxEpayOrders)
      .set({ status: 1, paidAt: clock.now() })
      .where(and(eq(sandboxEpayOrders.tradeNo, order.tradeNo), eq(sandboxEpayOrders.status, 0)));

    const params: Record<string, string> = {
      pid: order.pid,
      trade_no: order.tradeNo,
      out_trade_no: order.outTradeNo,
      type: order.type,
      name: order.name,
      money: order.money,
      trade_status: 'TRADE_SUCCESS',
    };
    const signed = { ...params, sign: epaySign(params, account.secret), sign_type: 'MD5' };
    // The notify goes over HTTP like any gateway's; the merchant must answer the plain text "success". A failed
    // notify is left to the merchant's reconciliation (order query), as a real gateway's retries would be.
    try {
      const answer = await outboundFetch(
        withParams(order.notifyUrl, signed),
        { signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS) },
        deps.outbound,
      );
      const text = (await answer.text()).trim();
      if (text !== 'success')
        req.log.warn({ tradeNo: order.tradeNo, answer: text.slice(0, 40) }, 'sandbox gateway: notify not acknowledged');
    } catch (error) {
      req.log.warn({ tradeNo: order.tradeNo, err: (error as Error).message }, 'sandbox gateway: notify failed');
    }
    return reply.redirect(withParams(order.returnUrl, signed), 303);
  });

  app.get('/sandbox/epay/api.php', async (req) => {
    const p = stringParams(req.query);
    if (p.act !== 'order') return { code: -1, msg: '不支持的操作' };
    const account = await merchant(p.pid ?? '');
    if (!account || !sameText(p.key ?? '', account.secret)) return { code: -1, msg: '商户密钥错误' };
    const [order] = await db
      .select()
      .from(sandboxEpayOrders)
      .where(
        and(eq(sandboxEpayOrders.pid, account.merchantId), eq(sandboxEpayOrders.outTradeNo, p.out_trade_no ?? '')),
      );
    if (!order) return { code: -1, msg: '订单号不存在' };
    return {
      code: 1,
      msg: '查询订单号成功！',
      trade_no: order.tradeNo,
      out_trade_no: order.outTradeNo,
      type: order.type,
      pid: order.pid,
      addtime: formatBeijing(order.createdAt),
      endtime: order.paidAt ? formatBeijing(order.paidAt) : '',
      name: order.name,
      money: order.money,
      status: order.status,
    };
  });
}
