/**
 * The back-office API (docs/architecture.md "Operators"): every `/admin/api/*` call with its roles, input and data schemas. The
 * server registers its admin routes from these definitions and the console calls through them, so a path, a field
 * or a role drifting between the two fails the type check.
 *
 * The calls are written by area in ./admin/ (operators, members, payments, venues, integrations, applications,
 * partners, reports, settings, vip, content); this file gathers them into one registry, `adminEndpoints`.
 * `input` is the query string for GET and DELETE, the JSON body otherwise. `roles` lists every role allowed
 * (admin is listed wherever it may call, which is everywhere). Paths carry `:param`s; `adminPath` fills them.
 */
import type { ZodType } from 'zod';
import { adminApplicationCalls } from './admin/applications';
import type { resource } from './admin/atoms';
import { adminContentCalls, contentResources } from './admin/content';
import type { AdminEndpointDef, OperatorRoleName } from './admin/define';
import { adminIntegrationCalls } from './admin/integrations';
import { adminMemberCalls } from './admin/members';
import { adminOperatorCalls } from './admin/operators';
import { adminPartnerCalls } from './admin/partners';
import { adminPaymentCalls } from './admin/payments';
import { adminReportCalls } from './admin/reports';
import { adminSettingsCalls } from './admin/settings';
import { adminSupportCalls } from './admin/support';
import { adminTicketCalls } from './admin/tickets';
import { venueResource, adminVenueCalls } from './admin/venues';
import { adminVenueReconCalls } from './admin/venue-reconciliation';
import { adminVipCalls, vipLevelResource } from './admin/vip';

export * from './admin/define';
export { BeijingDate } from './admin/atoms';
export * from './admin/operators';
export * from './admin/members';
export * from './admin/payments';
export * from './admin/venues';
export * from './admin/venue-reconciliation';
export * from './admin/integrations';
export * from './admin/applications';
export * from './admin/partners';
export * from './admin/reports';
export * from './admin/settings';
export * from './admin/vip';
export * from './admin/content';
export * from './admin/money-caps';
export * from './admin/support';
export * from './admin/tickets';

export type AdminResource = ReturnType<typeof resource<string, readonly OperatorRoleName[], ZodType, ZodType>>;

/** The list/create/update/delete resources, each under its own name. */
export const adminResources = {
  banners: contentResources.banners,
  notices: contentResources.notices,
  venues: venueResource,
  games: contentResources.games,
  articles: contentResources.articles,
  promotionTypes: contentResources.promotionTypes,
  promotions: contentResources.promotions,
  redpacketRules: contentResources.redpacketRules,
  vipLevels: vipLevelResource,
};

type Resources = typeof adminResources;
type ResourceName = keyof Resources & string;
/** The resources flattened into the registry: bannersList, bannersCreate, bannersUpdate, bannersRemove, ... */
type ResourceEntries = { [K in ResourceName as `${K}List`]: Resources[K]['list'] } & {
  [K in ResourceName as `${K}Create`]: Resources[K]['create'];
} & { [K in ResourceName as `${K}Update`]: Resources[K]['update'] } & {
  [K in ResourceName as `${K}Remove`]: Resources[K]['remove'];
};

const RESOURCE_CALLS = ['list', 'create', 'update', 'remove'] as const;

function flattenResources(): ResourceEntries {
  const out: Record<string, AdminEndpointDef> = {};
  for (const [name, calls] of Object.entries(adminResources)) {
    for (const op of RESOURCE_CALLS) out[`${name}${op[0]!.toUpperCase()}${op.slice(1)}`] = calls[op];
  }
  return out as ResourceEntries;
}

export const adminEndpoints = {
  ...adminOperatorCalls,
  ...adminMemberCalls,
  ...adminPaymentCalls,
  ...adminVenueCalls,
  ...adminVenueReconCalls,
  ...adminReportCalls,
  ...adminApplicationCalls,
  ...adminPartnerCalls,
  ...adminContentCalls,
  ...adminVipCalls,
  ...adminSettingsCalls,
  ...adminIntegrationCalls,
  ...adminSupportCalls,
  ...adminTicketCalls,
  ...flattenResources(),
} as const satisfies Record<string, AdminEndpointDef>;

export type AdminEndpoints = typeof adminEndpoints;
export type AdminEndpointKey = keyof AdminEndpoints;

export function adminEndpointList(): Array<AdminEndpointDef & { key: string }> {
  return Object.entries(adminEndpoints).map(([key, value]) => ({ key, ...(value as AdminEndpointDef) }));
}
