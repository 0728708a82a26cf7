/**
 * The brand mark (public/brand-mark.svg, drawn by apps/server/scripts/generate-art.ts with the site logo and the
 * console's mark, so all three match). Decorative: the site title sits beside it. An image rather than inline SVG,
 * so the entry carries none of its drawing.
 */
export function BrandMark({ size = 28, className = 'brand-mark' }: { size?: number; className?: string }) {
  return (
    <img className={className} src={`${import.meta.env.BASE_URL}brand-mark.svg`} width={size} height={size} alt="" />
  );
}
