/** docs/member-app.md "Product and home page": each tile shows a random decorative count between 200 and 999 (inclusive) followed by its unit. */
export const DECORATIVE_MIN = 200;
export const DECORATIVE_MAX = 999;

export function randomDecorativeCount(random: () => number = Math.random): number {
  return DECORATIVE_MIN + Math.floor(random() * (DECORATIVE_MAX - DECORATIVE_MIN + 1));
}
