/**
 * The one icon set of the money actions, outlines on a 24×24 grid drawn in the text colour: home's quick actions
 * and the member centre's show the same picture for the same action.
 */
export const ACTION_ICON = {
  recharge: 'M4 7h16v11H4zM4 11h16M8 15h3M15 4l2 3M9 4L7 7',
  transfer: 'M5 9h13l-3-3M19 15H6l3 3',
  withdrawal: 'M4 6h16v9H4zM12 8v5M9.5 10.5L12 13l2.5-2.5M8 19h8',
  vip: 'M4 8l4 3 4-6 4 6 4-3-2 10H6zM6 20h12',
  wallet: 'M4 7h15v12H4zM4 7l11-3v3M15 12h4v3h-4z',
} as const;
