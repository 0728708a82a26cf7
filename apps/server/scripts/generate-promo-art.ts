// Draws the promotion banners under public/art/promo-<n>.svg from DEMO_PROMOTIONS: our own shapes and text only,
// seeded by each title, so a rerun produces identical files. Run: npx tsx apps/server/scripts/generate-promo-art.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PROMOTIONS, type DemoPromotion } from '../src/modules/promotions/promotions-seed';

const artDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'art');
const FONT = `'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC',sans-serif`;
const W = 750;
const H = 280;

// mulberry32 seeded from an FNV-1a hash of the title.
function rngFor(name: string): () => number {
  let h = 0x811c9dc5;
  for (const ch of name) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  let a = h;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(((h % 360) + 360) % 360)},${s}%,${l}%)`;

function banner(p: DemoPromotion): string {
  const rand = rngFor(p.title);
  const parts: string[] = [];
  parts.push(
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(p.hue, 75, 38)}"/>` +
      `<stop offset="1" stop-color="${hsl(p.hue + 35, 85, 55)}"/></linearGradient></defs>`,
  );
  parts.push(`<rect width="${W}" height="${H}" fill="url(#bg)"/>`);
  for (let i = 0; i < 14; i += 1) {
    const x = r1(380 + rand() * 380);
    const y = r1(rand() * H);
    const r = r1(6 + rand() * 26);
    parts.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${r1(0.06 + rand() * 0.14)}"/>`);
  }
  // A coin stack: the site's sign of money paid out.
  const cx = 610;
  for (let i = 0; i < 5; i += 1) {
    const y = 200 - i * 18;
    parts.push(`<ellipse cx="${cx}" cy="${y}" rx="56" ry="16" fill="#f59e0b" stroke="#fde68a" stroke-width="3"/>`);
  }
  parts.push(`<circle cx="${cx}" cy="96" r="42" fill="#fbbf24" stroke="#fff7d6" stroke-width="4"/>`);
  parts.push(`<text x="${cx}" y="110" font-family="${FONT}" font-size="40" fill="#92400e" text-anchor="middle" font-weight="900">¥</text>`);
  parts.push(`<text x="44" y="120" font-family="${FONT}" font-size="50" fill="#fff" font-weight="900">${esc(p.headline)}</text>`);
  parts.push(`<text x="46" y="168" font-family="${FONT}" font-size="22" fill="#fff" opacity="0.92">${esc(p.subline)}</text>`);
  parts.push(`<rect x="44" y="198" width="140" height="44" rx="22" fill="#fff"/>`);
  parts.push(
    `<text x="114" y="227" font-family="${FONT}" font-size="20" fill="${hsl(p.hue, 70, 35)}" text-anchor="middle" font-weight="700">立即参与</text>`,
  );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(p.title)}">\n` +
    `${parts.join('')}\n</svg>\n`
  );
}

mkdirSync(artDir, { recursive: true });
DEMO_PROMOTIONS.forEach((p, i) => writeFileSync(join(artDir, `promo-${i + 1}.svg`), banner(p)));
console.log(`wrote ${DEMO_PROMOTIONS.length} promotion banners to ${artDir}`);
