import { adminEndpoints, endpoints, MSG } from '@h5/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberRowsPage } from '../accounts/member-rows-page';
import { adminRoute, type AuthenticateOperator, idParam } from '../../http/admin-route';
import { uploadRoute } from '../../http/drain-body';

import { type Authenticate, memberRoute } from '../../http/route';
import { beijingDayRange } from '../../http/date-filter';
import { pageWindow } from '../../lib/paging';
import { requestOrigin } from '../../http/public-origin';
import { and, eq } from 'drizzle-orm';
import { firstFilePart, multipartUpload, UPLOAD_BODY_LIMIT, UPLOAD_DRAIN_LIMIT } from './avatar-upload';
import * as member from './member-service';
import type { MemberDeps } from './member-service';
import { agentApplications } from '../../db/tables/member';

const reviewer = (operator: { id: number; username: string }, req: FastifyRequest): member.Reviewer => ({
  operatorId: operator.id,
  name: operator.username,
  requestId: req.id,
});

/**
 * POST /api/uploadimg (docs/member-app.md "Server calls": multipart), an upload route of its own (`uploadRoute`)
 * with a 2 MB body limit; the token is checked on request, before a byte of the body is read. A body past the limit
 * is an avatar too big: the member hears that, in the envelope, on a normal answer sent once the body is in (a
 * bounded amount more is read and dropped), so the connection stays open.
 */
async function avatarUploadRoute(app: FastifyInstance, deps: MemberDeps, authenticate: Authenticate) {
  await uploadRoute(app, {
    endpoint: endpoints.uploadImg,
    bodyLimit: UPLOAD_BODY_LIMIT,
    drainLimit: UPLOAD_DRAIN_LIMIT,
    tooLarge: MSG.uploadTooLarge,
    who: authenticate,
    handler: async (req, who) => {
      const { body, boundary } = multipartUpload(req);
      const stored = await member.replaceAvatar(deps, who.id, firstFilePart(body, boundary));
      return { code: 200, message: MSG.ok, data: { avatar: new URL(stored, requestOrigin(req)).toString() } };
    },
  });
}

function memberApiRoutes(app: FastifyInstance, deps: MemberDeps, authenticate: Authenticate) {
  memberRoute(app, endpoints.updateUserInfo, authenticate, async ({ body, member: who }) => {
    await member.updateProfile(deps, who.id, body);
    return { data: null, message: MSG.ok };
  });

  memberRoute(app, endpoints.editPassword, authenticate, async ({ body, member: who }) => {
    await member.changeLoginPassword(deps, who.id, body);
    return { data: null, message: MSG.passwordChanged };
  });

  memberRoute(app, endpoints.editPayPassword, authenticate, async ({ body, member: who }) => {
    await member.changePayPassword(deps, who.id, body);
    return { data: null, message: MSG.passwordChanged };
  });

  memberRoute(app, endpoints.noticeList, authenticate, async ({ body, member: who }) => ({
    data: await member.listMessages(deps, who.id, body.type, pageWindow(body)),
  }));

  memberRoute(app, endpoints.applyAgentDo, authenticate, async ({ body, member: who }) => {
    await member.applyAgent(deps, who.id, body);
    return { data: null, message: MSG.applyOk };
  });

  memberRoute(app, endpoints.agentApplyState, authenticate, async ({ member: who }) => ({
    data: await member.agentApplyState(deps, who.id),
  }));

  memberRoute(app, endpoints.referralInfo, authenticate, async ({ member: who, req }) => ({
    data: await member.referralInfo(deps, who.id, requestOrigin(req)),
  }));
}

/**
 * Back office. Messages are content (roles: content). Agent applications go to finance: an agent earns
 * commission on the members below, so granting it is a money decision (admin may do everything anyway).
 */
function memberAdminRoutes(app: FastifyInstance, deps: MemberDeps, authenticate: AuthenticateOperator) {
  const { db } = deps;

  adminRoute(app, authenticate, adminEndpoints.messageSend, async ({ input, operator, req }) => ({
    data: await member.sendMessage(deps, input, reviewer(operator, req)),
    message: MSG.ok,
  }));

  adminRoute(app, authenticate, adminEndpoints.messageDelete, async ({ params, operator, req }) => {
    await member.deleteMessage(deps, idParam(params), reviewer(operator, req));
    return { data: null, message: MSG.ok };
  });

  adminRoute(app, authenticate, adminEndpoints.agentApplications, async ({ input }) => {
    const filters = beijingDayRange(agentApplications.createdAt, input);
    if (input.state !== undefined) filters.push(eq(agentApplications.state, input.state));
    return {
      data: await memberRowsPage(db, agentApplications, and(...filters), pageWindow(input), member.applicationView),
    };
  });

  const reviews = { approve: adminEndpoints.agentApplicationApprove, reject: adminEndpoints.agentApplicationReject };
  for (const decision of ['approve', 'reject'] as const) {
    adminRoute(app, authenticate, reviews[decision], async ({ input, params, operator, req }) => ({
      data: await member.reviewAgentApplication(deps, idParam(params), decision, reviewer(operator, req), input.note),
      message: MSG.ok,
    }));
  }
}

/**
 * The member centre (docs/member-app.md "Screens by route" /userInfo, /password, /message, /applyagent, /referral): member routes, the avatar
 * upload, and the back-office routes for messages and agent applications.
 */
export async function memberRoutes(
  app: FastifyInstance,
  deps: MemberDeps,
  authenticate: Authenticate,
  authenticateOperator: AuthenticateOperator,
) {
  await avatarUploadRoute(app, deps, authenticate);
  memberApiRoutes(app, deps, authenticate);
  memberAdminRoutes(app, deps, authenticateOperator);
}
