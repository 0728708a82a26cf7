interface LineIconProps {
  /** The outline, drawn on a 24×24 grid in the text colour. */
  d: string;
  size: number;
  strokeWidth: number;
  /** Round line ends; the outlines of the tab bar and the side drawer keep square ones. */
  cap?: 'round';
  /** Round corners where lines meet; the chevrons and the refresh arrow keep sharp ones. */
  join?: 'round';
  className?: string;
}

/**
 * A decorative stroked icon (buttons and fields carry their own label). The first screen's icons (tab bar, header,
 * quick actions, game categories) stay inline markup: in the entry chunk, repeated literal markup gzips smaller than
 * calls to this component, and the first visit to home must not grow (bench/page-weight.ts).
 */
export function LineIcon({ d, size, strokeWidth, cap, join, className }: LineIconProps) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" className={className}>
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap={cap}
        strokeLinejoin={join}
      />
    </svg>
  );
}

/** The wallet of the member centre's quick actions (the other money actions: action-icons.ts). */
export const WALLET_ICON = 'M4 7h15v12H4zM4 7l11-3v3M15 12h4v3h-4z';
/** The chevron at the end of a menu row. */
export const CHEVRON = 'M9 5l7 7-7 7';
/** The back arrow of the sub-page bar and the auth screens. */
export const BACK_ARROW = 'M15 4l-8 8 8 8';
