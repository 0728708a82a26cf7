import { createHash } from 'node:crypto';

const SIZE = 25;
const CELL = 8;
const MARGIN = 16;

function isFinder(x: number, y: number): boolean {
  const inBox = (ox: number, oy: number) => x >= ox && x < ox + 7 && y >= oy && y < oy + 7;
  return inBox(0, 0) || inBox(SIZE - 7, 0) || inBox(0, SIZE - 7);
}

function finderCell(x: number, y: number): boolean {
  const local = (v: number) => (v >= SIZE - 7 ? v - (SIZE - 7) : v);
  const lx = local(x);
  const ly = local(y);
  const ring = Math.max(Math.abs(lx - 3), Math.abs(ly - 3));
  return ring !== 2;
}

/**
 * A QR-looking placeholder image for a collection account, drawn from a hash of its text: it marks where a real
 * payment QR code goes and is not scannable. Answered as a data URL so no image file is needed.
 */
export function qrPlaceholder(seed: string, caption: string): string {
  let bits = '';
  for (let round = 0; bits.length < SIZE * SIZE; round += 1) {
    const digest = createHash('sha256').update(`${seed}:${round}`).digest();
    for (const byte of digest) bits += byte.toString(2).padStart(8, '0');
  }
  const cells: string[] = [];
  for (let y = 0; y < SIZE; y += 1) {
    for (let x = 0; x < SIZE; x += 1) {
      const on = isFinder(x, y) ? finderCell(x, y) : bits[y * SIZE + x] === '1';
      if (on) cells.push(`<rect x="${MARGIN + x * CELL}" y="${MARGIN + y * CELL}" width="${CELL}" height="${CELL}"/>`);
    }
  }
  const side = SIZE * CELL + MARGIN * 2;
  const height = side + 28;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${height}" viewBox="0 0 ${side} ${height}" role="img" aria-label="${caption}">` +
    `<rect width="${side}" height="${height}" fill="#fff"/><g fill="#1f2937">${cells.join('')}</g>` +
    `<text x="${side / 2}" y="${side + 16}" font-size="13" text-anchor="middle" fill="#64748b">${caption}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}
