import type { GameCategoryId } from '@h5/contract/codes';

/** Our own line icons for the six categories (24 x 24, stroked). */
export const CATEGORY_ICONS: Record<GameCategoryId, string> = {
  // A dealer's card pair
  realbet: 'M5 4h9v14H5zM10 7l9 2-3 12-6-1.5M9.5 9.5l-1 3 1 3 1-3z',
  // A football
  sport:
    'M12 3a9 9 0 100 18 9 9 0 000-18zM12 8l3.5 2.5-1.3 4h-4.4l-1.3-4zM12 3v5M21 10l-5.5.5M18 19l-3.8-4.5M6 19l3.8-4.5M3 10l5.5.5',
  // A game pad
  gaming:
    'M6 8h12a4 4 0 014 4v1a4 4 0 01-7 2.6l-.8-.9h-4.4l-.8.9A4 4 0 012 13v-1a4 4 0 014-4zM7 11v3M5.5 12.5h3M16 11.5h.01M18 13.5h.01',
  // A chess piece
  joker: 'M8 20h8M9 20l1-6h4l1 6M10 14c-2-1.5-2-4 0-5.5M14 14c2-1.5 2-4 0-5.5M10 8.5h4M12 3.5v3M10.5 5h3',
  // A slot reel
  concise: 'M4 6h16v12H4zM9 6v12M15 6v12M6.5 10.5l1 1.5-1 1.5M11.5 10.5h1.5l-1 3M17 10.5h1.5l-1 3M20 9h1.5v-3',
  // A lottery ball
  lottery: 'M12 4a8 8 0 100 16 8 8 0 000-16zM12 8a4 4 0 100 8 4 4 0 000-8zM11 10.5l1.2-.8V14',
};
