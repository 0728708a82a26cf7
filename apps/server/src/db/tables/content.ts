import { index, integer, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { VenueProtocol } from '@h5/contract/venue-protocols';

/** Home carousel images (docs/member-app.md "Entities and fields", Banner: src); `src` is a URL path or an absolute URL. */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  src: text('src').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: smallint('enabled').notNull().default(1),
});

/** Marquee lines of the home notice bar (docs/wire-rules.md "Wire details": homenotice answers plain strings). */
export const notices = pgTable('notices', {
  id: serial('id').primaryKey(),
  text: text('text').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: smallint('enabled').notNull().default(1),
});

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

/** A tile of the home game list (docs/member-app.md "Entities and fields", Game (home list)); app_state 1 = shown, the client filters. */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    categoryId: varchar('category_id', { length: 16 }).notNull(),
    appState: smallint('app_state').notNull().default(1),
    /** The venue code opened by the tile (getGameUrl plat_name). */
    platformName: varchar('platform_name', { length: 32 }).notNull(),
    gameCode: varchar('game_code', { length: 64 }).notNull().default(''),
    mobileImg: text('mobile_img').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('games_category_idx').on(t.categoryId, t.sort)],
);

/** A game of a slot venue's list (docs/member-app.md "Entities and fields", Game (slot list)), answered by gamelistBycode per catecode. */
export const slotGames = pgTable(
  'slot_games',
  {
    id: serial('id').primaryKey(),
    catecode: varchar('catecode', { length: 32 }).notNull(),
    gamecode: varchar('gamecode', { length: 64 }).notNull(),
    gamepic: text('gamepic').notNull().default(''),
    gamename: varchar('gamename', { length: 64 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('slot_games_code_idx').on(t.catecode, t.gamecode)],
);

/** Help articles by type (docs/wire-rules.md "Promotions and content": 1 FAQ ... 8 responsible gambling). */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    type: smallint('type').notNull(),
    title: varchar('title', { length: 128 }).notNull(),
    /** Operator HTML, sanitised in the browser (docs/architecture.md "Wire contract"). */
    content: text('content').notNull(),
  },
  (t) => [uniqueIndex('articles_type_idx').on(t.type)],
);
