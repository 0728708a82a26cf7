import { boolean, index, integer, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

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
    /** The game's provider, as a venue's catalogue names it (docs/venues.md "Hub88 catalogue"); '' for our own tiles. */
    provider: varchar('provider', { length: 64 }).notNull().default(''),
    /** Hidden by the venue's catalogue sync, which alone shows it again; a hidden game without it is an operator's. */
    hiddenBySync: boolean('hidden_by_sync').notNull().default(false),
  },
  (t) => [
    index('games_category_idx').on(t.categoryId, t.sort),
    index('games_platform_code_idx').on(t.platformName, t.gameCode),
  ],
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
    /** 1 shown, 0 hidden: a game its venue's catalogue no longer lists is hidden, never deleted. */
    appState: smallint('app_state').notNull().default(1),
    /** The game's provider, as the venue's catalogue names it; '' for games entered by hand. */
    provider: varchar('provider', { length: 64 }).notNull().default(''),
    /** Hidden by the catalogue sync, which alone shows it again; a hidden game without it is an operator's. */
    hiddenBySync: boolean('hidden_by_sync').notNull().default(false),
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
