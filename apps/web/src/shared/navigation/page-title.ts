import { useEffect } from 'react';
import { create } from 'zustand';

/** A title a screen gives its back bar once it knows it (the game frame names its venue), over the route's title. */
export const usePageTitle = create<{ title: string | null }>(() => ({ title: null }));

/** Shows `title` in the back bar while the screen is open (none: the route's title). */
export function useOwnPageTitle(title: string | null) {
  useEffect(() => {
    usePageTitle.setState({ title });
    return () => usePageTitle.setState({ title: null });
  }, [title]);
}
