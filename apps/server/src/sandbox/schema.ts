// The sandbox aggregators' and gateway's own books, for drizzle-kit: the tables a real third party keeps on its side.
// The migrations create them on every install (one migration history for all), but only the sandbox reads them.
export * from './aggregator/sandbox-aggregator-tables';
export * from './gateway/sandbox-epay-tables';
export * from './hub88/sandbox-hub88-tables';
