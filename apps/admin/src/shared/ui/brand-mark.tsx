import './brand-mark.css';

/**
 * The brand mark (public/brand-mark.svg), the one the member app and the site logo show, drawn by
 * apps/server/scripts/generate-art.ts.
 */
export function BrandMark({ compact = false }: { compact?: boolean }) {
  return (
    <div className="console-brand">
      <img src={`${import.meta.env.BASE_URL}brand-mark.svg`} width={28} height={28} alt="" />
      {!compact && <span className="console-brand-name">星河运营后台</span>}
    </div>
  );
}
