// Every table of the product, for drizzle-kit and for the typed database handle. The sandbox's tables are in
// src/sandbox/schema.ts: the same migrations create them, and no product code reads them.
export * from './tables/accounts';
export * from './tables/ledger';
export * from './tables/site';
export * from './tables/admin';
export * from './tables/games';
export * from './tables/bets';
export * from './tables/venue-wallet';
export * from './tables/venues';
export * from './tables/content';
export * from './tables/payments';
export * from './tables/promotions';
export * from './tables/redpackets';
export * from './tables/rebates';
export * from './tables/vip';
export * from './tables/member';
export * from './tables/files';
export * from './tables/jobs';
export * from './tables/wallet';
export * from './tables/partners';
export * from './tables/responsible';
export * from './tables/risk';
export * from './tables/backoffice';
export * from './tables/support';
export * from './tables/tickets';
export * from './tables/reports';
