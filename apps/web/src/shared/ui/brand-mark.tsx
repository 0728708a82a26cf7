/**
 * The brand mark (public/brand-mark.svg, drawn by apps/server/scripts/generate-art.ts with the site logo and the
 * console's mark, so all three match), as an image address: the entry carries none of its drawing. Decorative
 * wherever it shows (alt ""): the site title sits beside it.
 */
export const BRAND_MARK = `${import.meta.env.BASE_URL}brand-mark.svg`;
