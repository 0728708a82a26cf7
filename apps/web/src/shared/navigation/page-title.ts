import { create } from 'zustand';

/**
 * A title a screen gives its back bar once it knows it (the game frame names its venue), over the route's title;
 * the screen sets it while open and clears it when it closes (features/games/game-page.tsx).
 */
export const usePageTitle = create<{ title: string | null }>(() => ({ title: null }));
