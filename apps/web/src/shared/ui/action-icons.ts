/**
 * The one icon set of the money actions, outlines on a 24×24 grid drawn in the text colour: home's quick actions
 * and the member centre's show the same picture for the same action.
 * The wallet, which home does not draw, lives with the member centre's outlines (line-icon.tsx), out of home's
 * first visit.
 */
export const RECHARGE_ICON = 'M4 7h16v11H4zM4 11h16M8 15h3M15 4l2 3M9 4L7 7';
export const TRANSFER_ICON = 'M5 9h13l-3-3M19 15H6l3 3';
export const WITHDRAWAL_ICON = 'M4 6h16v9H4zM12 8v5M9.5 10.5L12 13l2.5-2.5M8 19h8';
export const VIP_ICON = 'M4 8l4 3 4-6 4 6 4-3-2 10H6zM6 20h12';
