import { integer, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { VenueProtocol } from '@h5/contract/venue-protocols';

/**
 * A third-party venue (docs/member-app.md "Entities and fields", Venue: name, platname). `code` is what clients send as plat_name, sourcetype and
 * targettype; for slot venues it equals the slot list's catecode. category_id is one of GAME_CATEGORIES' ids.
 */
export const venues = pgTable(
  'venues',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    platname: varchar('platname', { length: 32 }).notNull(),
    categoryId: varchar('category_id', { length: 16 }).notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: smallint('enabled').notNull().default(1),
    /**
     * How money reaches the venue: 'transfer' (a remote venue holding its own wallet, money moved in and out over
     * its API), or 'seamless' (the venue debits and credits the central wallet through our callback API).
     */
    walletMode: varchar('wallet_mode', { length: 16 }).$type<'transfer' | 'seamless'>().notNull().default('transfer'),
    /** The aggregator's API address (transfer mode). */
    apiBaseUrl: varchar('api_base_url', { length: 255 }).notNull().default(''),
    /** The shared secret of the venue's signed calls and callbacks; never answered by any API. */
    apiSecret: varchar('api_secret', { length: 128 }).notNull().default(''),
    currency: varchar('currency', { length: 8 }).notNull().default('CNY'),
    /** The protocol the venue speaks (contract VENUE_PROTOCOLS; docs/venues.md "Venue protocols"). */
    protocol: varchar('protocol', { length: 16 }).$type<VenueProtocol>().notNull().default('h5'),
    /** A key-pair protocol's settings: the aggregator's id for us (hub88 `operator_id`). */
    operatorId: varchar('operator_id', { length: 64 }).notNull().default(''),
    /** The aggregator's public key (PEM): verifies its calls. */
    aggregatorPublicKey: text('aggregator_public_key').notNull().default(''),
    /** Our private key (PEM): signs our answers and calls; never answered by any API. */
    privateKey: text('private_key').notNull().default(''),
  },
  (t) => [uniqueIndex('venues_code_idx').on(t.code)],
);
