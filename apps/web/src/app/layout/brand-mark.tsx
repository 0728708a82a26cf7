/** Our own mark: a gold crest on navy. Decorative, the site title sits beside it. */
export function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
      <circle cx="16" cy="16" r="14.5" fill="#13224a" stroke="#e0b64a" strokeWidth="2" />
      <path d="M9 20l3.5-9 3.5 6 3.5-6L23 20z" fill="#e0b64a" />
      <circle cx="16" cy="23" r="1.6" fill="#e0b64a" />
    </svg>
  );
}
