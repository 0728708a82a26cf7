import { startTransition, useEffect, useState } from 'react';

let appPainted = false;

/** A fresh start, as a page load has: test files share their modules (vitest.config.ts), page loads do not. */
export function forgetFirstPaint() {
  appPainted = false;
}

/**
 * False until the app's first screen has been painted, then true for good. A frame that is itself the largest thing
 * a screen paints (the login frame) starts its lazy contents only then, so the title is painted before the browser
 * is busy fetching and compiling the form's chunks. Later navigations render at once.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(appPainted);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the paint; a task queued from it runs after that paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        appPainted = true;
        // As a transition, the contents render in slices, as the first render does (app/main.tsx).
        startTransition(() => setPainted(true));
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
