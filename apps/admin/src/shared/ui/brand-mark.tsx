import './brand-mark.css';

/** Our own mark: a plain monogram, no brand artwork. */
export function BrandMark({ compact = false }: { compact?: boolean }) {
  return (
    <div className="console-brand">
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden focusable="false">
        <rect x="1" y="1" width="30" height="30" rx="7" fill="#f0c75e" />
        <path d="M9 22V10h4l3 6 3-6h4v12" fill="none" stroke="#10284a" strokeWidth="2.5" />
      </svg>
      {!compact && <span className="console-brand-name">星河运营后台</span>}
    </div>
  );
}
