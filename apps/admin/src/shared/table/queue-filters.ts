import type { PageRequest } from './use-paged-table';

/** A review queue's filters as the address keeps them: a state ('all' for every one) and Beijing days. */
export type QueueFilters = { state: string; from: string; to: string };

/** A state filter as the API reads it: '' stands for every state, which the console calls 'all'. */
export const apiState = (state: string) => (state === 'all' ? '' : state);

/** The query of a page of a queue filtered on screen. */
export const queueInput = (f: QueueFilters, page: PageRequest) => ({
  ...page,
  state: apiState(f.state),
  from: f.from,
  to: f.to,
});
