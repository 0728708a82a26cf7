// Draws the promotion banners under public/art/promo-<n>.svg from DEMO_PROMOTIONS: our own shapes and text only,
// seeded by each title, so a rerun produces identical files. Run: npx tsx apps/server/scripts/generate-promo-art.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PROMOTIONS, type DemoPromotion } from '../src/sandbox/demo/promotions-seed';
import { hsl, linear, r1, rngFor, svg, text } from './svg-drawing';

const artDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'art');
const W = 750;
const H = 280;

function banner(p: DemoPromotion): string {
  const rand = rngFor(p.title);
  const parts: string[] = [];
  parts.push(`<defs>${linear('bg', hsl(p.hue, 75, 38), hsl(p.hue + 35, 85, 55))}</defs>`);
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
  parts.push(text(cx, 110, 40, '#92400e', '¥', 'text-anchor="middle" font-weight="900"'));
  parts.push(text(44, 120, 50, '#fff', p.headline, 'font-weight="900"'));
  parts.push(text(46, 168, 22, '#fff', p.subline, 'opacity="0.92"'));
  parts.push(`<rect x="44" y="198" width="140" height="44" rx="22" fill="#fff"/>`);
  parts.push(text(114, 227, 20, hsl(p.hue, 70, 35), '立即参与', 'text-anchor="middle" font-weight="700"'));
  return svg(W, H, p.title, parts.join(''));
}

mkdirSync(artDir, { recursive: true });
DEMO_PROMOTIONS.forEach((p, i) => writeFileSync(join(artDir, `promo-${i + 1}.svg`), banner(p)));
console.log(`wrote ${DEMO_PROMOTIONS.length} promotion banners to ${artDir}`);
