// Draws every image the server ships under public/art: the brand mark (also into the public folders of apps/web
// and apps/admin), banners, one tile per venue, slot icons, VIP badges, the app-download QR placeholder and the
// default avatar. Our own shapes only, no external fonts or images.
// Seeded by each item's name, so a rerun produces identical files. Run: npx tsx apps/server/scripts/generate-art.ts
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GAME_CATEGORIES, type GameCategoryId } from '@h5/contract';
import {
  AGGREGATOR_DEMO_VENUES,
  DEMO_BANNERS,
  DEMO_VENUES,
  HUB88_DEMO_VENUE,
  type DemoBanner,
  type DemoVenue,
  artPath,
  demoSlotGames,
} from '../src/sandbox/demo/content-seed';
import { SANDBOX_HUB88_GAMES } from '../src/sandbox/hub88/sandbox-hub88-catalogue';
import { hsl, linear, r1, rngFor, svg, text } from './svg-drawing';

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const artDir = join(publicDir, 'art');

function polygon(cx: number, cy: number, radius: number, sides: number, rotation = -90): string {
  const points: string[] = [];
  for (let i = 0; i < sides; i += 1) {
    const angle = ((rotation + (360 / sides) * i) * Math.PI) / 180;
    points.push(`${r1(cx + radius * Math.cos(angle))},${r1(cy + radius * Math.sin(angle))}`);
  }
  return points.join(' ');
}

function starPoints(cx: number, cy: number, outer: number, inner: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = ((-90 + 36 * i) * Math.PI) / 180;
    points.push(`${r1(cx + radius * Math.cos(angle))},${r1(cy + radius * Math.sin(angle))}`);
  }
  return points.join(' ');
}

// ---- Category icons, drawn in a 100 x 100 box ----

const HEART =
  'M50 78 C30 62 18 50 18 36 C18 24 28 17 37 17 C44 17 48 21 50 26 C52 21 56 17 63 17 C72 17 82 24 82 36 C82 50 70 62 50 78Z';

function cardsIcon(): string {
  const card = (rotate: number, dx: number, suit: string, color: string) =>
    `<g transform="rotate(${rotate} 50 60) translate(${dx} 0)"><rect x="22" y="14" width="50" height="72" rx="7" fill="#fff" stroke="#d9d9d9" stroke-width="1.5"/>` +
    `${text(28, 34, 16, color, 'A', 'font-weight="700"')}<g transform="translate(32 38) scale(0.3)" fill="${color}">${suit}</g></g>`;
  const spade = `<path d="M50 14 C70 34 86 44 86 58 C86 70 74 76 62 70 C66 78 70 84 74 88 L26 88 C30 84 34 78 38 70 C26 76 14 70 14 58 C14 44 30 34 50 14Z"/>`;
  return card(-14, -6, spade, '#1f2937') + card(12, 10, `<path d="${HEART}"/>`, '#dc2626');
}

function ballIcon(): string {
  const lines: string[] = [];
  const inner = polygon(50, 50, 14, 5);
  for (let i = 0; i < 5; i += 1) {
    const angle = ((-90 + 72 * i) * Math.PI) / 180;
    const x1 = 50 + 14 * Math.cos(angle);
    const y1 = 50 + 14 * Math.sin(angle);
    const x2 = 50 + 30 * Math.cos(angle);
    const y2 = 50 + 30 * Math.sin(angle);
    lines.push(`<line x1="${r1(x1)}" y1="${r1(y1)}" x2="${r1(x2)}" y2="${r1(y2)}"/>`);
    lines.push(
      `<polygon points="${polygon(50 + 38 * Math.cos(angle), 50 + 38 * Math.sin(angle), 9, 5, -90 + 72 * i + 180)}" fill="#1f2937"/>`,
    );
  }
  return (
    `<defs><clipPath id="ball"><circle cx="50" cy="50" r="40"/></clipPath></defs>` +
    `<circle cx="50" cy="50" r="40" fill="#fff"/>` +
    `<g clip-path="url(#ball)" stroke="#1f2937" stroke-width="2.5"><polygon points="${inner}" fill="#1f2937"/>${lines.join('')}</g>` +
    `<circle cx="50" cy="50" r="40" fill="none" stroke="#1f2937" stroke-width="3"/>`
  );
}

function controllerIcon(): string {
  return (
    `<path d="M28 32 H72 C86 32 94 46 94 62 C94 76 86 82 78 78 L66 66 H34 L22 78 C14 82 6 76 6 62 C6 46 14 32 28 32Z" fill="#f8fafc" stroke="#1f2937" stroke-width="2.5"/>` +
    `<path d="M24 44 h6 v8 h8 v6 h-8 v8 h-6 v-8 h-8 v-6 h8Z" fill="#1f2937"/>` +
    `<circle cx="72" cy="46" r="4.5" fill="#22c55e"/><circle cx="81" cy="54" r="4.5" fill="#ef4444"/>` +
    `<circle cx="63" cy="54" r="4.5" fill="#3b82f6"/><circle cx="72" cy="62" r="4.5" fill="#eab308"/>` +
    `<rect x="43" y="44" width="14" height="4" rx="2" fill="#94a3b8"/>`
  );
}

function die(x: number, y: number, size: number, rotate: number, pips: number): string {
  const spots: Record<number, Array<[number, number]>> = {
    1: [[0.5, 0.5]],
    2: [
      [0.27, 0.27],
      [0.73, 0.73],
    ],
    3: [
      [0.25, 0.25],
      [0.5, 0.5],
      [0.75, 0.75],
    ],
    4: [
      [0.28, 0.28],
      [0.72, 0.28],
      [0.28, 0.72],
      [0.72, 0.72],
    ],
    5: [
      [0.26, 0.26],
      [0.74, 0.26],
      [0.5, 0.5],
      [0.26, 0.74],
      [0.74, 0.74],
    ],
    6: [
      [0.28, 0.24],
      [0.72, 0.24],
      [0.28, 0.5],
      [0.72, 0.5],
      [0.28, 0.76],
      [0.72, 0.76],
    ],
  };
  const dots = (spots[pips] ?? [])
    .map(
      ([px, py]) =>
        `<circle cx="${r1(x + px * size)}" cy="${r1(y + py * size)}" r="${r1(size * 0.085)}" fill="${pips === 1 ? '#dc2626' : '#1f2937'}"/>`,
    )
    .join('');
  const c = `${r1(x + size / 2)} ${r1(y + size / 2)}`;
  return `<g transform="rotate(${rotate} ${c})"><rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${r1(size * 0.18)}" fill="#fff" stroke="#d1d5db" stroke-width="1.5"/>${dots}</g>`;
}

function diceIcon(): string {
  return die(8, 30, 48, -12, 5) + die(46, 22, 46, 14, 3);
}

function slotIcon(): string {
  const reel = (x: number) =>
    `<rect x="${x}" y="34" width="22" height="34" rx="3" fill="#fff"/>` +
    text(x + 11, 61, 26, '#dc2626', '7', 'font-weight="900" text-anchor="middle"');
  return (
    `<rect x="10" y="20" width="80" height="62" rx="10" fill="#7c2d12" stroke="#fbbf24" stroke-width="3"/>` +
    reel(15) +
    reel(39) +
    reel(63) +
    `<rect x="92" y="30" width="4" height="30" rx="2" fill="#9ca3af"/><circle cx="94" cy="28" r="5" fill="#ef4444"/>` +
    `<rect x="26" y="10" width="48" height="12" rx="6" fill="#fbbf24"/>`
  );
}

function lotteryIcon(): string {
  const balls: Array<[number, number, string, string]> = [
    [28, 40, '#ef4444', '08'],
    [64, 34, '#3b82f6', '23'],
    [44, 68, '#eab308', '16'],
    [78, 66, '#22c55e', '35'],
  ];
  return balls
    .map(
      ([cx, cy, color, n]) =>
        `<circle cx="${cx}" cy="${cy}" r="17" fill="${color}"/><circle cx="${cx}" cy="${cy}" r="10" fill="#fff"/>` +
        text(cx, cy + 4.5, 12, '#111827', n, 'font-weight="700" text-anchor="middle"'),
    )
    .join('');
}

const CATEGORY_ART: Record<GameCategoryId, { hue: number; icon: () => string }> = {
  realbet: { hue: 350, icon: cardsIcon },
  sport: { hue: 140, icon: ballIcon },
  gaming: { hue: 265, icon: controllerIcon },
  joker: { hue: 25, icon: diceIcon },
  concise: { hue: 300, icon: slotIcon },
  lottery: { hue: 205, icon: lotteryIcon },
};

// ---- Venue tiles (home game list) ----

function venueTile(venue: DemoVenue): string {
  const random = rngFor(venue.code);
  const art = CATEGORY_ART[venue.category];
  const category = GAME_CATEGORIES.find((c) => c.id === venue.category);
  const hue = art.hue + (random() - 0.5) * 30;
  const bubbles = Array.from({ length: 5 }, () => {
    const r = 10 + random() * 40;
    return `<circle cx="${r1(random() * 320)}" cy="${r1(random() * 200)}" r="${r1(r)}" fill="#fff" opacity="${r1(0.05 + random() * 0.08)}"/>`;
  }).join('');
  return svg(
    320,
    200,
    venue.name,
    `<defs>${linear('bg', hsl(hue, 70, 52), hsl(hue + 25, 75, 30))}</defs>` +
      `<rect width="320" height="200" rx="16" fill="url(#bg)"/>${bubbles}` +
      `<g transform="translate(180 42) scale(1.25)">${art.icon()}</g>` +
      text(22, 92, 34, '#fff', venue.name, 'font-weight="700"') +
      text(24, 126, 16, '#fff', category?.name ?? '', 'opacity="0.85"') +
      `<rect x="22" y="146" width="86" height="30" rx="15" fill="#fff" opacity="0.92"/>` +
      text(65, 166, 15, hsl(hue, 70, 35), '进入游戏', 'text-anchor="middle" font-weight="700"'),
  );
}

// ---- Slot game icons ----

/**
 * What a slot's icon shows, drawn in a 100 x 100 box: the first subject its name names (熊猫乐园 a panda, 黄金矿工 a
 * miner's pick over gold, 海底寻宝 a chest under the sea, 水果派对 fruit ...), so the picture never contradicts the
 * name; a name naming none of them gets a neutral coin, gem or star. The name itself is printed by the lobby under
 * the icon, not in it.
 */
const SUBJECTS: Array<{ when: RegExp; draw: (accent: string) => string }> = [
  {
    when: /熊猫/,
    draw: () =>
      `<circle cx="24" cy="26" r="14" fill="#111"/><circle cx="76" cy="26" r="14" fill="#111"/>` +
      `<circle cx="50" cy="54" r="38" fill="#fff" stroke="#111" stroke-width="3"/>` +
      `<ellipse cx="34" cy="50" rx="11" ry="14" fill="#111" transform="rotate(-25 34 50)"/><ellipse cx="66" cy="50" rx="11" ry="14" fill="#111" transform="rotate(25 66 50)"/>` +
      `<circle cx="36" cy="50" r="4" fill="#fff"/><circle cx="64" cy="50" r="4" fill="#fff"/>` +
      `<ellipse cx="50" cy="68" rx="7" ry="5" fill="#111"/><path d="M42 78 Q50 84 58 78" fill="none" stroke="#111" stroke-width="3" stroke-linecap="round"/>`,
  },
  {
    when: /矿工|黄金|金矿/,
    draw: () =>
      `<path d="M14 92 L30 66 L46 80 L58 62 L86 92Z" fill="#f59e0b" stroke="#fde68a" stroke-width="3" stroke-linejoin="round"/>` +
      `<circle cx="36" cy="80" r="5" fill="#fde68a"/><circle cx="66" cy="82" r="4" fill="#fde68a"/>` +
      `<path d="M30 14 Q60 4 86 28" fill="none" stroke="#94a3b8" stroke-width="9" stroke-linecap="round"/>` +
      `<line x1="58" y1="14" x2="34" y2="70" stroke="#92400e" stroke-width="8" stroke-linecap="round"/>`,
  },
  {
    when: /海底|海盗|寻宝|宝藏|海豚/,
    draw: () =>
      `<rect x="0" y="62" width="100" height="38" rx="8" fill="#0ea5e9" opacity="0.55"/>` +
      `<path d="M0 64 Q12 56 25 64 T50 64 T75 64 T100 64" fill="none" stroke="#e0f2fe" stroke-width="3"/>` +
      `<rect x="22" y="42" width="56" height="38" rx="4" fill="#92400e" stroke="#fbbf24" stroke-width="3"/>` +
      `<path d="M22 44 Q50 18 78 44Z" fill="#b45309" stroke="#fbbf24" stroke-width="3"/>` +
      `<rect x="44" y="48" width="12" height="14" rx="2" fill="#fbbf24"/>` +
      `<circle cx="34" cy="40" r="5" fill="#fde047"/><circle cx="62" cy="36" r="4" fill="#fde047"/>` +
      `<circle cx="16" cy="24" r="4" fill="none" stroke="#e0f2fe" stroke-width="2"/><circle cx="86" cy="16" r="3" fill="none" stroke="#e0f2fe" stroke-width="2"/>`,
  },
  {
    when: /水果|鲜果|果/,
    draw: () =>
      `<path d="M8 52 A34 34 0 0 0 76 52Z" fill="#ef4444" stroke="#16a34a" stroke-width="6"/>` +
      `<circle cx="28" cy="62" r="2.5" fill="#111"/><circle cx="42" cy="70" r="2.5" fill="#111"/><circle cx="56" cy="62" r="2.5" fill="#111"/>` +
      `<path d="M80 18 C84 34 86 44 92 54" fill="none" stroke="#15803d" stroke-width="3"/><path d="M80 18 C74 32 70 42 66 56" fill="none" stroke="#15803d" stroke-width="3"/>` +
      `<circle cx="66" cy="64" r="10" fill="#dc2626"/><circle cx="92" cy="62" r="9" fill="#dc2626"/>` +
      `<circle cx="30" cy="24" r="14" fill="#f97316"/><path d="M30 10 Q36 4 42 8" fill="none" stroke="#15803d" stroke-width="3"/>`,
  },
  {
    when: /猫/,
    draw: (c) =>
      `<path d="M18 40 L22 8 L42 26Z M82 40 L78 8 L58 26Z" fill="${c}" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>` +
      `<circle cx="50" cy="54" r="36" fill="${c}" stroke="#fff" stroke-width="3"/>` +
      `<ellipse cx="36" cy="50" rx="5" ry="8" fill="#111"/><ellipse cx="64" cy="50" rx="5" ry="8" fill="#111"/>` +
      `<path d="M46 64 L54 64 L50 69Z" fill="#f472b6"/>` +
      `<path d="M14 62 H36 M14 70 L36 66 M86 62 H64 M86 70 L64 66" stroke="#fff" stroke-width="2"/>`,
  },
  {
    when: /龙/,
    draw: (c) =>
      `<path d="M6 88 C20 56 38 92 52 62 C62 40 76 58 80 34" fill="none" stroke="${c}" stroke-width="16" stroke-linecap="round"/>` +
      DRAGON_RIDGE.map(
        ([x, y]) =>
          `<path d="M${r1(x - 6)} ${r1(y - 5)} L${r1(x)} ${r1(y - 15)} L${r1(x + 6)} ${r1(y - 5)}Z" fill="#fde68a"/>`,
      ).join('') +
      `<path d="M6 88 C20 56 38 92 52 62 C62 40 76 58 80 34" fill="none" stroke="#fde68a" stroke-width="2" stroke-dasharray="3 5"/>` +
      `<path d="M68 30 Q70 12 86 10 Q100 12 98 26 Q96 36 84 38 Q72 40 68 30Z" fill="${c}" stroke="#fff" stroke-width="3"/>` +
      `<path d="M76 14 L70 0 M86 10 L90 -4" stroke="#fde68a" stroke-width="4" stroke-linecap="round"/>` +
      `<circle cx="88" cy="20" r="3.5" fill="#111"/><path d="M96 30 Q104 40 100 52 M92 34 Q96 46 90 56" fill="none" stroke="#fde68a" stroke-width="2"/>` +
      `<circle cx="26" cy="24" r="11" fill="#fbbf24" stroke="#fff" stroke-width="2"/><circle cx="22" cy="20" r="3" fill="#fff" opacity="0.7"/>`,
  },
  {
    when: /锦鲤|鱼/,
    draw: () =>
      `<path d="M14 50 C30 20 70 20 82 50 C70 80 30 80 14 50Z" fill="#f97316" stroke="#fff" stroke-width="3"/>` +
      `<path d="M82 50 L98 34 L96 66Z" fill="#f97316" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>` +
      `<circle cx="30" cy="46" r="4" fill="#111"/><path d="M44 36 Q52 50 44 64 M56 36 Q64 50 56 64" fill="none" stroke="#fde68a" stroke-width="3"/>`,
  },
  {
    when: /法老|金字塔/,
    draw: () =>
      `<circle cx="74" cy="24" r="14" fill="#fde047"/>` +
      `<path d="M6 90 L50 22 L94 90Z" fill="#f59e0b" stroke="#fde68a" stroke-width="3" stroke-linejoin="round"/>` +
      `<path d="M50 22 L62 90" stroke="#b45309" stroke-width="3"/><path d="M22 66 H78 M32 50 H68" stroke="#b45309" stroke-width="2"/>`,
  },
  {
    when: /雪/,
    draw: () =>
      [0, 60, 120]
        .map(
          (a) =>
            `<g transform="rotate(${a} 50 50)"><line x1="50" y1="8" x2="50" y2="92" stroke="#fff" stroke-width="6" stroke-linecap="round"/>` +
            `<path d="M40 18 L50 28 L60 18 M40 82 L50 72 L60 82" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/></g>`,
        )
        .join('') + `<circle cx="50" cy="50" r="8" fill="#bae6fd"/>`,
  },
  {
    when: /糖果|甜蜜|糖/,
    draw: (c) =>
      `<path d="M18 50 L4 36 L4 64Z M82 50 L96 36 L96 64Z" fill="${c}" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>` +
      `<ellipse cx="50" cy="50" rx="32" ry="24" fill="${c}" stroke="#fff" stroke-width="3"/>` +
      `<path d="M34 30 Q44 50 34 70 M50 26 Q60 50 50 74 M66 30 Q76 50 66 70" fill="none" stroke="#fff" stroke-width="4"/>`,
  },
  {
    when: /灯笼|鞭炮|红包|舞狮|贺岁|迎春|福/,
    draw: () =>
      `<line x1="50" y1="2" x2="50" y2="16" stroke="#fbbf24" stroke-width="3"/>` +
      `<rect x="38" y="14" width="24" height="8" rx="2" fill="#fbbf24"/>` +
      `<ellipse cx="50" cy="52" rx="34" ry="30" fill="#dc2626" stroke="#fbbf24" stroke-width="3"/>` +
      `<path d="M50 22 Q30 52 50 82 M50 22 Q70 52 50 82" fill="none" stroke="#fbbf24" stroke-width="2"/>` +
      `<rect x="38" y="80" width="24" height="8" rx="2" fill="#fbbf24"/><path d="M44 88 V100 M50 88 V100 M56 88 V100" stroke="#fbbf24" stroke-width="2"/>` +
      text(50, 60, 22, '#fde68a', '福', 'text-anchor="middle" font-weight="900"'),
  },
  {
    when: /月/,
    draw: () =>
      `<path d="M62 10 A40 40 0 1 0 90 70 A32 32 0 1 1 62 10Z" fill="#fde68a" stroke="#fff" stroke-width="3"/>` +
      `<polygon points="${starPoints(78, 26, 8, 3)}" fill="#fff"/>`,
  },
  {
    when: /赛车|车/,
    draw: (c) =>
      `<path d="M8 66 L16 46 L38 40 L52 26 L76 26 L88 44 L94 66Z" fill="${c}" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>` +
      `<path d="M56 30 L72 30 L80 42 L50 42Z" fill="#bae6fd"/>` +
      `<circle cx="28" cy="68" r="11" fill="#111" stroke="#fff" stroke-width="3"/><circle cx="76" cy="68" r="11" fill="#111" stroke="#fff" stroke-width="3"/>` +
      `<path d="M0 84 H30 M40 84 H70" stroke="#fff" stroke-width="3" stroke-dasharray="8 6"/>`,
  },
  {
    when: /犬|狗/,
    draw: (c) =>
      `<ellipse cx="20" cy="44" rx="12" ry="24" fill="#92400e"/><ellipse cx="80" cy="44" rx="12" ry="24" fill="#92400e"/>` +
      `<circle cx="50" cy="52" r="32" fill="${c}" stroke="#fff" stroke-width="3"/>` +
      `<circle cx="38" cy="46" r="5" fill="#111"/><circle cx="62" cy="46" r="5" fill="#111"/>` +
      `<ellipse cx="50" cy="62" rx="8" ry="6" fill="#111"/><path d="M50 68 V74 M42 76 Q50 82 58 76" fill="none" stroke="#111" stroke-width="3"/>`,
  },
  {
    when: /花|孔雀/,
    draw: (c) =>
      [0, 72, 144, 216, 288]
        .map(
          (a) =>
            `<ellipse cx="50" cy="28" rx="14" ry="22" fill="${c}" stroke="#fff" stroke-width="2" transform="rotate(${a} 50 52)"/>`,
        )
        .join('') + `<circle cx="50" cy="52" r="12" fill="#fde047" stroke="#fff" stroke-width="2"/>`,
  },
  {
    when: /七/,
    draw: (c) =>
      text(
        50,
        80,
        84,
        c,
        '7',
        'font-weight="900" text-anchor="middle" stroke="#fff" stroke-width="4" paint-order="stroke"',
      ),
  },
  {
    when: /宝石|钻石|水晶|魔方/,
    draw: (c) =>
      `<polygon points="26,26 74,26 92,46 50,94 8,46" fill="${c}" stroke="#fff" stroke-width="3"/><polyline points="8,46 92,46" stroke="#fff" stroke-width="2"/><polyline points="26,26 38,46 50,94 62,46 74,26" fill="none" stroke="#fff" stroke-width="2"/>`,
  },
  {
    when: /财|金|宝|币|寿|禄/,
    draw: () =>
      `<circle cx="50" cy="50" r="40" fill="#f59e0b" stroke="#fde68a" stroke-width="5"/><circle cx="50" cy="50" r="28" fill="none" stroke="#fde68a" stroke-width="2"/>` +
      text(50, 64, 40, '#fff', '¥', 'font-weight="900" text-anchor="middle"'),
  },
];

/** A point of a cubic Bézier curve at t. */
function bezier(p: ReadonlyArray<readonly [number, number]>, t: number): [number, number] {
  const u = 1 - t;
  const w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
  return [0, 1].map((i) => p.reduce((sum, q, k) => sum + q[i]! * w[k]!, 0)) as [number, number];
}

/** The spikes along the dragon's back: on its body's two curves, a little in from each end. */
const DRAGON_RIDGE = [
  ...[0.25, 0.55, 0.85].map((t) =>
    bezier(
      [
        [6, 88],
        [20, 56],
        [38, 92],
        [52, 62],
      ],
      t,
    ),
  ),
  ...[0.35, 0.7].map((t) =>
    bezier(
      [
        [52, 62],
        [62, 40],
        [76, 58],
        [80, 34],
      ],
      t,
    ),
  ),
];

/** A neutral star for a name naming none of the subjects above. */
const NEUTRAL = (c: string) =>
  `<polygon points="${starPoints(50, 52, 44, 18)}" fill="${c}" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>`;

/** The subject drawn for a slot name: the first whose pattern the name matches. */
function slotSubject(name: string): number {
  return SUBJECTS.findIndex((s) => s.when.test(name));
}

function slotIconSvg(name: string, seed: string): string {
  const random = rngFor(seed);
  const hue = Math.floor(random() * 360);
  const subject = SUBJECTS[slotSubject(name)];
  const accent = hsl(hue + 150 + random() * 60, 85, 55);
  const sparkles = Array.from({ length: 4 }, () => {
    const x = 14 + random() * 132;
    const y = 12 + random() * 136;
    return `<polygon points="${starPoints(x, y, 5 + random() * 4, 2)}" fill="#fff" opacity="0.6"/>`;
  }).join('');
  return svg(
    160,
    160,
    name,
    `<defs>${linear('bg', hsl(hue, 75, 55), hsl(hue + 40, 80, 28))}</defs>` +
      `<rect width="160" height="160" rx="22" fill="url(#bg)"/>${sparkles}` +
      `<g transform="translate(15 15) scale(1.3)">${(subject?.draw ?? NEUTRAL)(accent)}</g>`,
  );
}

// ---- Banners (750 x 300) ----

const BANNER_THEMES: Record<DemoBanner['theme'], { from: string; to: string; icon: string }> = {
  welcome: {
    from: '#1e3a8a',
    to: '#7c3aed',
    // a gift box
    icon:
      `<rect x="10" y="50" width="120" height="90" rx="8" fill="#f59e0b"/><rect x="0" y="30" width="140" height="30" rx="6" fill="#fbbf24"/>` +
      `<rect x="60" y="30" width="20" height="110" fill="#dc2626"/><path d="M70 30 C50 0 20 6 30 24 C36 34 60 32 70 30 C80 32 104 34 110 24 C120 6 90 0 70 30Z" fill="#dc2626"/>`,
  },
  redpacket: {
    from: '#b91c1c',
    to: '#f97316',
    // a red envelope with a gold seal
    icon:
      `<rect x="20" y="0" width="100" height="140" rx="12" fill="#dc2626" stroke="#fde68a" stroke-width="3"/><path d="M20 40 Q70 80 120 40" fill="#b91c1c" stroke="#fde68a" stroke-width="3"/>` +
      `<circle cx="70" cy="62" r="20" fill="#fbbf24"/>${text(70, 71, 24, '#b91c1c', '福', 'text-anchor="middle" font-weight="900"')}`,
  },
  vip: {
    from: '#111827',
    to: '#92400e',
    // a crown
    icon:
      `<path d="M6 110 L16 30 L48 70 L70 16 L92 70 L124 30 L134 110Z" fill="#fbbf24" stroke="#fde68a" stroke-width="3" stroke-linejoin="round"/>` +
      `<rect x="6" y="110" width="128" height="20" rx="5" fill="#f59e0b"/><circle cx="70" cy="86" r="9" fill="#dc2626"/><circle cx="36" cy="90" r="6" fill="#3b82f6"/><circle cx="104" cy="90" r="6" fill="#22c55e"/>`,
  },
  responsible: {
    from: '#065f46',
    to: '#0e7490',
    // a clock beside an 18+ badge
    icon:
      `<circle cx="52" cy="70" r="50" fill="#ecfeff" stroke="#a5f3fc" stroke-width="4"/><path d="M52 70 V38 M52 70 L74 82" stroke="#0e7490" stroke-width="6" stroke-linecap="round"/>` +
      `<circle cx="116" cy="24" r="26" fill="#dc2626" stroke="#fff" stroke-width="3"/>${text(116, 32, 22, '#fff', '18+', 'text-anchor="middle" font-weight="900"')}`,
  },
};

function bannerSvg(banner: DemoBanner, index: number): string {
  const theme = BANNER_THEMES[banner.theme];
  const random = rngFor(`banner-${index}`);
  const rings = Array.from({ length: 6 }, () => {
    const r = 20 + random() * 90;
    return `<circle cx="${r1(random() * 750)}" cy="${r1(random() * 300)}" r="${r1(r)}" fill="none" stroke="#fff" stroke-width="${r1(1 + random() * 3)}" opacity="${r1(0.08 + random() * 0.1)}"/>`;
  }).join('');
  const stripes = Array.from(
    { length: 5 },
    (_, i) =>
      `<rect x="${420 + i * 46}" y="-40" width="18" height="400" fill="#fff" opacity="0.05" transform="rotate(25 ${420 + i * 46} 150)"/>`,
  ).join('');
  return svg(
    750,
    300,
    banner.headline,
    `<defs>${linear('bg', theme.from, theme.to)}</defs>` +
      `<rect width="750" height="300" fill="url(#bg)"/>${stripes}${rings}` +
      `<g transform="translate(560 70)">${theme.icon}</g>` +
      text(48, 130, 52, '#fff', banner.headline, 'font-weight="900"') +
      text(50, 178, 22, '#fff', banner.subline, 'opacity="0.9"') +
      `<rect x="48" y="210" width="150" height="46" rx="23" fill="#fbbf24"/>` +
      text(123, 241, 20, '#7c2d12', '立即查看', 'text-anchor="middle" font-weight="700"'),
  );
}

// ---- Logo, VIP badges, QR placeholder, avatar ----

/**
 * The brand mark, one drawing wherever the brand shows: the site logo (site_logo's default; the header prints the
 * site's title beside it, so the mark carries no words), the member app's header and 登录/注册 frame, and the
 * console. A gold star on the night-blue of 星河, with the river of stars across it.
 */
function brandMarkSvg(): string {
  return svg(
    64,
    64,
    '星河体育',
    `<defs>${linear('gold', '#fde68a', '#d97706')}</defs>` +
      `<circle cx="32" cy="32" r="29.5" fill="#13224a" stroke="url(#gold)" stroke-width="3"/>` +
      `<path d="M7 44 Q30 30 58 20" fill="none" stroke="#e0b64a" stroke-width="2.5" stroke-linecap="round" opacity="0.75"/>` +
      `<polygon points="${starPoints(32, 33, 17, 7)}" fill="url(#gold)" stroke="#fff7d6" stroke-width="1" stroke-linejoin="round"/>` +
      `<circle cx="14" cy="20" r="1.8" fill="#fde68a"/><circle cx="50" cy="46" r="1.5" fill="#fde68a"/><circle cx="46" cy="13" r="1.2" fill="#fde68a"/>`,
  );
}

const VIP_TIERS: Array<{ upTo: number; from: string; to: string; ink: string }> = [
  { upTo: 3, from: '#f3c79c', to: '#a0522d', ink: '#4a2511' },
  { upTo: 6, from: '#f1f5f9', to: '#94a3b8', ink: '#334155' },
  { upTo: 8, from: '#fde68a', to: '#d97706', ink: '#78350f' },
  { upTo: 10, from: '#c4b5fd', to: '#4f46e5', ink: '#fff' },
];

function vipBadgeSvg(level: number): string {
  const tier = VIP_TIERS.find((t) => level <= t.upTo) ?? VIP_TIERS[VIP_TIERS.length - 1]!;
  const stars = Math.ceil(level / 2);
  const starRow = Array.from(
    { length: stars },
    (_, i) => `<polygon points="${starPoints(60 - (stars - 1) * 7 + i * 14, 96, 5.5, 2.3)}" fill="${tier.ink}"/>`,
  ).join('');
  return svg(
    120,
    120,
    `VIP${level}`,
    `<defs>${linear('bg', tier.from, tier.to, true)}</defs>` +
      `<path d="M60 6 L106 24 V62 C106 88 86 106 60 114 C34 106 14 88 14 62 V24Z" fill="url(#bg)" stroke="#fff" stroke-width="3"/>` +
      text(60, 50, 18, tier.ink, 'VIP', 'text-anchor="middle" font-weight="900" letter-spacing="1"') +
      text(60, 84, 34, tier.ink, String(level), 'text-anchor="middle" font-weight="900"') +
      starRow,
  );
}

function qrPlaceholderSvg(): string {
  const random = rngFor('app-qrcode');
  const cell = 8;
  const origin = 24;
  const n = 24;
  const finder = (x: number, y: number) =>
    `<rect x="${x}" y="${y}" width="56" height="56" rx="6" fill="#1e293b"/><rect x="${x + 8}" y="${y + 8}" width="40" height="40" rx="3" fill="#fff"/><rect x="${x + 16}" y="${y + 16}" width="24" height="24" rx="3" fill="#1e293b"/>`;
  const modules: string[] = [];
  for (let row = 0; row < n; row += 1) {
    for (let col = 0; col < n; col += 1) {
      const inFinder = (row < 8 && col < 8) || (row < 8 && col >= n - 8) || (row >= n - 8 && col < 8);
      const inLabel = row >= 8 && row < 16 && col >= 5 && col < 19;
      if (inFinder || inLabel || random() < 0.5) continue;
      modules.push(
        `<rect x="${origin + col * cell}" y="${origin + row * cell}" width="${cell - 1}" height="${cell - 1}" rx="1.5"/>`,
      );
    }
  }
  return svg(
    240,
    270,
    'APP下载二维码示意图',
    `<rect width="240" height="270" rx="14" fill="#fff" stroke="#e2e8f0" stroke-width="2"/>` +
      `<g fill="#64748b">${modules.join('')}</g>` +
      finder(origin, origin) +
      finder(origin + (n - 7) * cell, origin) +
      finder(origin, origin + (n - 7) * cell) +
      `<rect x="62" y="88" width="116" height="64" rx="10" fill="#f59e0b"/>` +
      text(120, 116, 20, '#fff', 'APP下载', 'text-anchor="middle" font-weight="900"') +
      text(120, 140, 13, '#fff', '示意图', 'text-anchor="middle"') +
      text(120, 254, 12, '#64748b', '二维码示意，非真实下载地址', 'text-anchor="middle"'),
  );
}

function avatarSvg(): string {
  return svg(
    120,
    120,
    '默认头像',
    `<defs>${linear('bg', '#e0e7ff', '#a5b4fc', true)}<clipPath id="c"><circle cx="60" cy="60" r="60"/></clipPath></defs>` +
      `<circle cx="60" cy="60" r="60" fill="url(#bg)"/>` +
      `<g clip-path="url(#c)" fill="#fff"><circle cx="60" cy="48" r="22"/><path d="M16 120 C16 90 36 76 60 76 C84 76 104 90 104 120Z"/></g>`,
  );
}

// ---- Write everything ----

const written: Array<{ path: string; bytes: number }> = [];
function write(urlPath: string, content: string) {
  const file = join(publicDir, urlPath);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  written.push({ path: urlPath, bytes: Buffer.byteLength(content) });
}

rmSync(artDir, { recursive: true, force: true });
const brandMark = brandMarkSvg();
write('/art/logo.svg', brandMark);
// The same mark ships with the member app and the console (their public folders), drawn here so the three match.
for (const app of ['web', 'admin']) {
  const file = join(publicDir, '..', '..', app, 'public', 'brand-mark.svg');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, brandMark);
}
write('/art/app-qrcode.svg', qrPlaceholderSvg());
write('/art/avatar-default.svg', avatarSvg());
DEMO_BANNERS.forEach((banner, i) => write(artPath.banner(i + 1), bannerSvg(banner, i + 1)));
for (const venue of [...DEMO_VENUES, ...AGGREGATOR_DEMO_VENUES, HUB88_DEMO_VENUE])
  write(artPath.venueTile(venue.code), venueTile(venue));
for (const game of demoSlotGames())
  write(game.gamepic, slotIconSvg(game.gamename, `${game.catecode}/${game.gamecode}`));
// The demo Hub88 venue's games get our own icons too: member pages never show the aggregator's thumbnails.
for (const game of SANDBOX_HUB88_GAMES) {
  const path = artPath.slot(HUB88_DEMO_VENUE.code, game.game_code);
  write(path, slotIconSvg(game.name, `${HUB88_DEMO_VENUE.code}/${game.game_code}`));
}
for (let level = 1; level <= 10; level += 1) write(`/art/vip/vip${level}.svg`, vipBadgeSvg(level));

const total = written.reduce((sum, f) => sum + f.bytes, 0);
console.log(`${written.length} files, ${(total / 1024).toFixed(1)} KB under ${artDir}`);
