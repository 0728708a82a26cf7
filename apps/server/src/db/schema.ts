// Every table of every module, for drizzle-kit and for the typed database handle.
export * from '../modules/accounts/accounts-tables';
export * from '../modules/ledger/ledger-tables';
export * from '../modules/site/site-tables';
export * from '../modules/admin/admin-tables';
export * from '../modules/games/games-tables';
export * from '../modules/content/content-tables';
export * from '../modules/payments/payments-tables';
export * from '../modules/promotions/promotions-tables';
export * from '../modules/redpackets/redpackets-tables';
export * from '../modules/rebates/rebates-tables';
export * from '../modules/vip/vip-tables';
export * from '../modules/member/member-tables';
export * from '../providers/sandbox-epay/sandbox-epay-tables';
export * from '../modules/files/files-tables';
export * from '../modules/jobs/jobs-tables';
export * from '../modules/wallet/wallet-tables';
export * from '../providers/sandbox-aggregator/sandbox-aggregator-tables';
