import websocket from '@fastify/websocket';
import {
  adminEndpoints,
  BizCode,
  endpoints,
  MSG,
  SUPPORT_DESK_SOCKET_PATH,
  SUPPORT_DEVICE_PATTERN,
  type SupportPush,
  SUPPORT_SOCKET_PATH,
} from '@h5/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { DbOrTx } from '../../db/client';
import { adminRoute, type AuthenticateOperator, authorizeOperator, idParam } from '../../http/admin-route';
import { uploadRoute } from '../../http/drain-body';
import { AppError } from '../../http/errors';
import { firstFilePart, multipartUpload } from '../../http/multipart';
import type { AttemptLimiter } from '../../http/rate-limit';
import { type Authenticate, memberRoute, publicRoute } from '../../http/route';
import { crudRoutes } from '../backoffice/admin-crud';
import { audit } from '../backoffice/audit';
import { supportCannedReplies } from '../../db/tables/support';
import { activeOperatorsOf, operatorNamed } from '../backoffice/operator-accounts';
import { FILES_PREFIX } from '../files/files-service';
import { ATTACHMENT_MAX_BYTES, memberOwner, operatorOwner, storeAttachment } from '../files/member-image';
import type { SupportEvent } from './support-live';
import * as support from './support-service';

/** A member may send this many lines in a window (docs/member-app.md "在线客服"). */
export const SUPPORT_SEND_LIMIT = { max: 10, windowMs: 20_000 };

/** The multipart body around a 2 MB picture: twice the file's limit, as the avatar upload's. */
const ATTACHMENT_BODY_LIMIT = 2 * ATTACHMENT_MAX_BYTES;
/** How much more of a body over the limit is read (and dropped) to answer it cleanly; past it the server hangs up. */
const ATTACHMENT_DRAIN_LIMIT = 16 * 1024 * 1024;

/** How long a socket may stay silent before the server pings it, and closes it when no pong came back. */
const HEARTBEAT_MS = 30_000;

/** The desk's typing is pushed at most once in this long per operator and conversation; more are answered, not sent. */
export const SUPPORT_TYPING_GAP_MS = 2_000;

/** The roles a transfer may hand a conversation to (docs/operators.md "The support desk"). */
const DESK_ROLES: readonly string[] = adminEndpoints.supportQueue.roles;

/** A browser's socket cannot send a header: the token comes in the `token` query and is checked as a bearer. */
function withQueryToken(req: FastifyRequest) {
  const token = (req.query as { token?: unknown } | undefined)?.token;
  if (typeof token === 'string' && token && !req.headers.authorization) req.headers.authorization = `Bearer ${token}`;
  return req;
}

/** Whose socket it is: the desk sees every push; a member, or a visitor's device, only their own conversations'. */
type SocketOwner = { desk: true } | { desk: false; memberId: number | null; visitorId: string | null };

function mayHear(who: SocketOwner, event: SupportEvent): boolean {
  // The desk's own typing is for the member alone (docs/operators.md "The support desk").
  if (who.desk) return event.push.type !== 'typing';
  if (who.memberId !== null) return who.memberId === event.memberId;
  return who.visitorId !== null && event.memberId === null && who.visitorId === (event.visitorId ?? null);
}

/** Every socket this process holds, and whose pushes each may see. */
function socketRegistry() {
  const sockets = new Map<WebSocket, SocketOwner>();
  return {
    add(socket: WebSocket, who: SocketOwner) {
      sockets.set(socket, who);
      let alive = true;
      socket.on('pong', () => (alive = true));
      const beat = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, HEARTBEAT_MS);
      beat.unref();
      socket.on('close', () => {
        clearInterval(beat);
        sockets.delete(socket);
      });
      // The client speaks only to keep the line open; what it sends is ignored.
      socket.on('message', () => undefined);
      socket.send(JSON.stringify({ type: 'ready' } satisfies SupportPush));
    },
    deliver(event: SupportEvent) {
      const text = JSON.stringify(event.push);
      for (const [socket, who] of sockets) {
        if (!mayHear(who, event)) continue;
        if (socket.readyState === socket.OPEN) socket.send(text);
      }
    },
  };
}

/**
 * 在线客服: the member's calls, the desk's calls, and the live sockets of both (docs/member-app.md "在线客服",
 * docs/operators.md "The support desk").
 */
export async function supportRoutes(
  app: FastifyInstance,
  deps: support.SupportDeps & { sends: AttemptLimiter },
  authenticate: Authenticate,
  authenticateOperator: AuthenticateOperator,
) {
  const { db } = deps;

  // ---- The member
  const mine = (id: number) => support.memberSide(id);
  memberRoute(app, endpoints.supportOpen, authenticate, async ({ member }) => ({
    data: await support.openThread(deps, mine(member.id)),
  }));
  memberRoute(app, endpoints.supportSend, authenticate, async ({ member, body }) => {
    if (await deps.sends.hit(String(member.id))) throw new AppError(BizCode.TOO_MANY, MSG.supportSendTooFast);
    return { data: await support.memberSend(deps, mine(member.id), body) };
  });
  memberRoute(app, endpoints.supportMessages, authenticate, async ({ member, body }) => ({
    data: await support.memberMessagesAfter(db, mine(member.id), body.conversation_id, body.after_id ?? 0),
  }));
  memberRoute(app, endpoints.supportClose, authenticate, async ({ member, body }) => ({
    data: await support.memberClose(deps, mine(member.id), body.conversation_id),
  }));
  memberRoute(app, endpoints.supportRate, authenticate, async ({ member, body }) => ({
    data: await support.memberRate(deps, mine(member.id), body),
    message: MSG.supportRated,
  }));

  // ---- A visitor, by the device id the chat page keeps (docs/member-app.md "在线客服"): only that device's own
  // conversation. Lines are limited as a member's are, per device and per address; so are new conversations, which
  // a script could otherwise open by the thousand with made-up devices.
  const tooFast = () => new AppError(BizCode.TOO_MANY, MSG.supportSendTooFast);
  const limited = async (keys: string[]) => {
    for (const key of keys) if (await deps.sends.hit(key)) throw tooFast();
  };
  const guest = async (device: string, ip: string) => {
    const owner = support.visitorSide(device);
    if (!(await support.hasOpenConversation(db, owner))) await limited([`visitor-open:${ip}`]);
    return owner;
  };
  publicRoute(app, endpoints.supportVisitorOpen, async ({ body, ip }) => ({
    data: await support.openThread(deps, await guest(body.device, ip)),
  }));
  publicRoute(app, endpoints.supportVisitorSend, async ({ body, ip }) => {
    const owner = support.visitorSide(body.device);
    await limited([`visitor:${owner.visitorId}`, `visitor-ip:${ip}`]);
    return { data: await support.memberSend(deps, await guest(body.device, ip), { text: body.text }) };
  });
  publicRoute(app, endpoints.supportVisitorMessages, async ({ body }) => ({
    data: await support.memberMessagesAfter(
      db,
      support.visitorSide(body.device),
      body.conversation_id,
      body.after_id ?? 0,
    ),
  }));
  publicRoute(app, endpoints.supportVisitorClose, async ({ body }) => ({
    data: await support.memberClose(deps, support.visitorSide(body.device), body.conversation_id),
  }));
  publicRoute(app, endpoints.supportVisitorRate, async ({ body }) => ({
    data: await support.memberRate(deps, support.visitorSide(body.device), body),
    message: MSG.supportRated,
  }));

  // An image for the desk: png, gif, jpg or webp of at most 2 MB, told by its content; kept as the member's own.
  await uploadRoute(app, {
    endpoint: endpoints.supportUpload,
    bodyLimit: ATTACHMENT_BODY_LIMIT,
    drainLimit: ATTACHMENT_DRAIN_LIMIT,
    tooLarge: MSG.imageUploadTooLarge,
    who: authenticate,
    handler: async (req, member) => {
      if (await deps.sends.hit(`upload:${member.id}`)) throw new AppError(BizCode.TOO_MANY, MSG.supportSendTooFast);
      const { body, boundary } = multipartUpload(req);
      const image = await storeAttachment(db, memberOwner(member.id), firstFilePart(body, boundary));
      return { code: 200, message: MSG.ok, data: { image } };
    },
  });

  // ---- The desk: every change is audited in its own transaction.
  const e = adminEndpoints;
  const target = (id: number) => `support:${id}`;
  adminRoute(app, authenticateOperator, e.supportQueue, async ({ input }) => ({
    data: await support.deskQueue(deps, input),
  }));
  adminRoute(app, authenticateOperator, e.supportConversation, async ({ params }) => ({
    data: await support.deskThread(deps, idParam(params)),
  }));
  adminRoute(app, authenticateOperator, e.supportDeskStats, async () => ({ data: await support.deskStats(deps) }));
  adminRoute(app, authenticateOperator, e.supportDeskOperators, async () => ({
    data: await activeOperatorsOf(db, DESK_ROLES),
  }));
  adminRoute(app, authenticateOperator, e.supportConversationMessages, async ({ params, input }) => ({
    data: await support.deskMessagesAfter(deps, idParam(params), input.after_id),
  }));

  const changeOperator = async (
    id: number,
    actor: { id: number; username: string; role: string },
    requestId: string,
    action: string,
    next: (row: Awaited<ReturnType<typeof support.conversationById>>) => Promise<string>,
  ) => {
    const row = await support.conversationById(db, id);
    const operator = await next(row);
    const updated = await db.transaction(async (tx) => {
      const changed = await support.setOperator(tx, row, actor, operator);
      await audit(tx, {
        operatorId: actor.id,
        action,
        target: target(id),
        before: { operator: row.operator },
        after: { operator: changed.operator },
        requestId,
      });
      return changed;
    });
    return { data: await support.afterOperatorChange(deps, updated) };
  };

  adminRoute(app, authenticateOperator, e.supportClaim, async ({ params, operator, req }) =>
    changeOperator(idParam(params), operator, req.id, 'support.claim', async (row) => {
      if (row.operator && row.operator.toLowerCase() !== operator.username.toLowerCase())
        throw new AppError(BizCode.CONFLICT, MSG.supportClaimedByOther);
      return operator.username;
    }),
  );
  adminRoute(app, authenticateOperator, e.supportTransfer, async ({ params, input, operator, req }) =>
    changeOperator(idParam(params), operator, req.id, 'support.transfer', async () => {
      const to = await operatorNamed(db, input.operator);
      if (!to || to.state !== 1 || !DESK_ROLES.includes(to.role))
        throw new AppError(BizCode.BAD_INPUT, MSG.supportTransferTarget);
      return to.username;
    }),
  );
  adminRoute(app, authenticateOperator, e.supportRelease, async ({ params, operator, req }) =>
    changeOperator(idParam(params), operator, req.id, 'support.release', async () => ''),
  );
  adminRoute(app, authenticateOperator, e.supportReply, async ({ params, input, operator, req }) => {
    const id = idParam(params);
    const row = await support.conversationById(db, id);
    const image = await support.deskImage(db, operator.id, input.image);
    const done = await db.transaction(async (tx) => {
      const done = await support.deskReply(tx, deps, row, operator, input.text, image);
      await audit(tx, {
        operatorId: operator.id,
        action: 'support.reply',
        target: target(id),
        after: { message_id: done.message.id, ...(image ? { image } : {}) },
        requestId: req.id,
      });
      return done;
    });
    return { data: await support.afterDeskReply(deps, row, done) };
  });
  // Typing: checked as a reply is, changes nothing (not audited); a quicker repeat answers 200 unsent.
  const typedAt = new Map<string, number>();
  adminRoute(app, authenticateOperator, e.supportTyping, async ({ params, operator }) => {
    const id = idParam(params);
    const row = await support.conversationById(db, id);
    const key = `${operator.id}:${id}`;
    const now = deps.clock.now().getTime();
    const last = typedAt.get(key);
    const recent = last !== undefined && now - last < SUPPORT_TYPING_GAP_MS;
    // Checked still when ignored, so a repeat on a closed or another's conversation answers as the first would.
    await support.deskTyping(deps, row, operator, !recent);
    if (recent) return { data: null };
    if (typedAt.size > 10_000) for (const [k, at] of typedAt) if (now - at >= SUPPORT_TYPING_GAP_MS) typedAt.delete(k);
    typedAt.set(key, now);
    return { data: null };
  });
  // A picture for a reply: the role is checked before a byte of the body is read; kept as the operator's own.
  await uploadRoute(app, {
    endpoint: e.supportDeskUpload,
    bodyLimit: ATTACHMENT_BODY_LIMIT,
    drainLimit: ATTACHMENT_DRAIN_LIMIT,
    tooLarge: MSG.imageUploadTooLarge,
    who: (req) => authorizeOperator(authenticateOperator, e.supportDeskUpload, req),
    handler: async (req, operator) => {
      const { body, boundary } = multipartUpload(req);
      const image = await db.transaction(async (tx) => {
        const path = await storeAttachment(tx, operatorOwner(operator.id), firstFilePart(body, boundary));
        await audit(tx, {
          operatorId: operator.id,
          action: 'support.upload',
          target: `file:${path.slice(FILES_PREFIX.length)}`,
          after: { path },
          requestId: req.id,
        });
        return path;
      });
      return { code: 200, message: MSG.ok, data: { image } };
    },
  });
  const audited =
    (operatorId: number, action: string, id: number, requestId: string) => async (tx: DbOrTx, row: { state: string }) =>
      audit(tx, { operatorId, action, target: target(id), after: { state: row.state }, requestId });
  adminRoute(app, authenticateOperator, e.supportClose, async ({ params, operator, req }) => {
    const id = idParam(params);
    const row = await support.conversationById(db, id);
    return { data: await support.deskClose(deps, row, audited(operator.id, 'support.close', id, req.id)) };
  });
  adminRoute(app, authenticateOperator, e.supportReopen, async ({ params, operator, req }) => {
    const id = idParam(params);
    const row = await support.conversationById(db, id);
    return { data: await support.deskReopen(deps, row, audited(operator.id, 'support.reopen', id, req.id)) };
  });

  // ---- 快捷回复: kept by the content role, read by the desk; every change audited.
  crudRoutes(app, authenticateOperator, db, {
    calls: {
      list: e.cannedReplies,
      create: e.cannedReplyCreate,
      update: e.cannedReplyUpdate,
      remove: e.cannedReplyDelete,
    },
    action: 'support.canned_reply',
    table: supportCannedReplies,
    columns: (i) => ({ title: i.title, text: i.text, sort: i.sort, enabled: i.enabled }),
    view: (r: typeof supportCannedReplies.$inferSelect) => ({
      id: r.id,
      title: r.title,
      text: r.text,
      sort: r.sort,
      enabled: r.enabled,
    }),
    orderBy: [supportCannedReplies.sort, supportCannedReplies.id],
  });

  // ---- Live sockets: rows first, pushes second; a client that cannot keep one open reads after its last id.
  const registry = socketRegistry();
  const stop = deps.bus.listen((event) => registry.deliver(event));
  app.addHook('onClose', async () => {
    stop();
    await deps.bus.close();
  });
  await app.register(websocket, { options: { maxPayload: 4096 } });
  const refuse = (socket: WebSocket, error: unknown) => {
    const denied = error instanceof AppError && error.code === BizCode.FORBIDDEN;
    socket.close(denied ? 4403 : 4401, denied ? 'forbidden' : 'unauthorized');
  };
  app.get(SUPPORT_SOCKET_PATH, { websocket: true }, async (socket, req) => {
    // A visitor's socket names its device (and no token): it hears only that device's conversations.
    const query = req.query as { token?: unknown; device?: unknown } | undefined;
    if (!query?.token && typeof query?.device === 'string') {
      if (!SUPPORT_DEVICE_PATTERN.test(query.device)) return socket.close(4401, 'unauthorized');
      const { visitorId } = support.visitorSide(query.device);
      return registry.add(socket, { desk: false, memberId: null, visitorId });
    }
    try {
      const member = await authenticate(withQueryToken(req));
      registry.add(socket, { desk: false, memberId: member.id, visitorId: null });
    } catch (error) {
      refuse(socket, error);
    }
  });
  app.get(SUPPORT_DESK_SOCKET_PATH, { websocket: true }, async (socket, req) => {
    try {
      await authorizeOperator(authenticateOperator, e.supportQueue, withQueryToken(req));
      registry.add(socket, { desk: true });
    } catch (error) {
      refuse(socket, error);
    }
  });
}
