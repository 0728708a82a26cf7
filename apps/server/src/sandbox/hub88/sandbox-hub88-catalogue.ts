/**
 * The Hub88 sandbox aggregator's games (src/sandbox/hub88/README.md): a small catalogue of a few categories, each
 * with a thumbnail drawn here as SVG, so that the game list needs nothing from outside. Every game plays the same
 * way on the sandbox's game page: a stake, then a win (twice the stake) or a loss.
 */
export interface SandboxHub88Game {
  game_code: string;
  name: string;
  category: string;
  product: string;
  /** The thumbnail's two colours and its sign. */
  colors: [string, string];
  sign: string;
}

export const SANDBOX_HUB88_GAMES: readonly SandboxHub88Game[] = [
  {
    game_code: 'sbx_golden_dragon',
    name: '金龙宝藏',
    category: 'Video Slots',
    product: 'Sandbox Slots',
    colors: ['#b8860b', '#5a1a00'],
    sign: '龙',
  },
  {
    game_code: 'sbx_lucky_fruit',
    name: '幸运水果',
    category: 'Video Slots',
    product: 'Sandbox Slots',
    colors: ['#2e8b57', '#0b3d2e'],
    sign: '果',
  },
  {
    game_code: 'sbx_fortune_cat',
    name: '招财猫',
    category: 'Video Slots',
    product: 'Sandbox Slots',
    colors: ['#d2691e', '#4a2000'],
    sign: '猫',
  },
  {
    game_code: 'sbx_baccarat',
    name: '百家乐',
    category: 'Table Games',
    product: 'Sandbox Tables',
    colors: ['#1e5aa8', '#0a1f44'],
    sign: '百',
  },
  {
    game_code: 'sbx_blackjack',
    name: '二十一点',
    category: 'Table Games',
    product: 'Sandbox Tables',
    colors: ['#3c3c8c', '#14143a'],
    sign: '21',
  },
  {
    game_code: 'sbx_roulette',
    name: '欧式轮盘',
    category: 'Table Games',
    product: 'Sandbox Tables',
    colors: ['#a52a2a', '#3a0a0a'],
    sign: '轮',
  },
  {
    game_code: 'sbx_rocket',
    name: '火箭冲天',
    category: 'Crash Games',
    product: 'Sandbox Instant',
    colors: ['#6a0dad', '#1f0440'],
    sign: '箭',
  },
  {
    game_code: 'sbx_scratch',
    name: '刮刮乐',
    category: 'Scratch Cards',
    product: 'Sandbox Instant',
    colors: ['#008b8b', '#003838'],
    sign: '刮',
  },
];

export const sandboxHub88Game = (code: string) => SANDBOX_HUB88_GAMES.find((g) => g.game_code === code);

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The game's 300×200 thumbnail: a gradient card with its sign and name. */
export function sandboxHub88Thumbnail(game: SandboxHub88Game): string {
  const [light, dark] = game.colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="300" height="200" rx="16" fill="url(#g)"/>
<circle cx="150" cy="82" r="48" fill="#ffffff" fill-opacity="0.18"/>
<text x="150" y="100" text-anchor="middle" font-size="48" font-weight="700" fill="#ffe9a8" font-family="sans-serif">${escapeXml(game.sign)}</text>
<text x="150" y="170" text-anchor="middle" font-size="26" fill="#ffffff" font-family="sans-serif">${escapeXml(game.name)}</text>
</svg>`;
}
