import { MSG } from '@h5/contract/messages';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PagedList, type PagedQuery } from './paged-list';

const query = (overrides: Partial<PagedQuery>): PagedQuery => ({
  isPending: false,
  isError: false,
  hasNextPage: false,
  refetch: vi.fn(),
  fetchNextPage: vi.fn(async () => ({ isError: false, error: null })),
  ...overrides,
});

const list = (q: PagedQuery, rows: string[], emptyTitle?: string) =>
  render(
    <PagedList
      query={q}
      rows={rows}
      label="记录列表"
      className="records-list"
      header={<p>共 {rows.length} 条</p>}
      renderRow={(row) => <li key={row}>{row}</li>}
      {...(emptyTitle ? { emptyTitle } : {})}
    />,
  );

describe('PagedList', () => {
  it('shows the loading state while the first page is on its way', () => {
    list(query({ isPending: true }), []);
    expect(screen.queryByRole('list', { name: '记录列表' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('offers a retry when the first page failed, and asks again on tap', async () => {
    const q = query({ isError: true });
    list(q, []);
    expect(screen.getByText('加载失败')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the rows already loaded when a later page fails', () => {
    list(query({ isError: true }), ['a', 'b']);
    expect(screen.queryByText('加载失败')).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['a', 'b']);
  });

  it('shows the empty state, with the screen’s own title when it has one', () => {
    const { unmount } = list(query({}), []);
    expect(screen.getByText(MSG.emptyList)).toBeInTheDocument();
    unmount();
    list(query({}), [], MSG.noBetRecords);
    expect(screen.getByText(MSG.noBetRecords)).toBeInTheDocument();
    expect(screen.queryByText('共 0 条')).not.toBeInTheDocument();
  });

  it('shows the header and the rows under the list name', () => {
    list(query({}), ['x', 'y', 'z']);
    expect(screen.getByText('共 3 条')).toBeInTheDocument();
    const items = screen.getByRole('list', { name: '记录列表' }).querySelectorAll('li');
    expect([...items].map((li) => li.textContent)).toEqual(['x', 'y', 'z']);
  });
});
