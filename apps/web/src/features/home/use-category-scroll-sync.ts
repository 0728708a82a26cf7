import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** docs/member-app.md "States and transitions" and "Constants and limits": a programmatic scroll suppresses syncing for 800 ms; the scroll handler is debounced 100 ms. */
export const SCROLL_LOCK_MS = 800;
export const SCROLL_DEBOUNCE_MS = 100;
/** A section counts as "in view" once its top is within this many pixels of the list's top. */
const TOP_SLACK_PX = 8;

/** Index of the last section whose top has reached the top of the list (0 when none has). */
export function sectionIndexAt(scrollTop: number, sectionTops: readonly number[]): number {
  let index = 0;
  sectionTops.forEach((top, i) => {
    if (top - TOP_SLACK_PX <= scrollTop) index = i;
  });
  return index;
}

/**
 * Keeps the category sidebar and the scrolling tile list in step both ways: tapping a category scrolls the list
 * there (and ignores the scroll events that causes for SCROLL_LOCK_MS); scrolling by hand highlights the
 * category in view, SCROLL_DEBOUNCE_MS after the scrolling pauses. Sections are the list's direct children
 * marked with data-section; the list is their offset parent (position: relative).
 */
export function useCategoryScrollSync(listRef: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(0);
  const lockTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const debounceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const locked = useRef(false);

  useEffect(
    () => () => {
      clearTimeout(lockTimer.current);
      clearTimeout(debounceTimer.current);
    },
    [],
  );

  const sections = useCallback(
    () => Array.from(listRef.current?.querySelectorAll<HTMLElement>('[data-section]') ?? []),
    [listRef],
  );

  const select = useCallback(
    (index: number) => {
      setActive(index);
      locked.current = true;
      clearTimeout(debounceTimer.current);
      clearTimeout(lockTimer.current);
      lockTimer.current = setTimeout(() => {
        locked.current = false;
      }, SCROLL_LOCK_MS);
      const list = listRef.current;
      const target = sections()[index];
      if (list && target) list.scrollTo({ top: target.offsetTop, behavior: 'smooth' });
    },
    [listRef, sections],
  );

  const onScroll = useCallback(() => {
    if (locked.current) return;
    clearTimeout(debounceTimer.current);
    debounceTimer.current = setTimeout(() => {
      const list = listRef.current;
      if (locked.current || !list) return;
      const tops = sections().map((s) => s.offsetTop);
      // At the very bottom the last sections can never reach the top: highlight the last one.
      const scrollable = list.scrollHeight > list.clientHeight;
      const atBottom = scrollable && list.scrollTop + list.clientHeight >= list.scrollHeight - 2;
      setActive(atBottom ? tops.length - 1 : sectionIndexAt(list.scrollTop, tops));
    }, SCROLL_DEBOUNCE_MS);
  }, [listRef, sections]);

  return { active, select, onScroll };
}
