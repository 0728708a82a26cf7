import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from './memory-router';
import { useHistoryIndex, useLocation, useNavigate } from './router';

function Probe() {
  const { pathname } = useLocation();
  const historyIndex = useHistoryIndex();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="where">{`${pathname} ${historyIndex()}`}</output>
      <button type="button" onClick={() => navigate('/withdrawal?type=2')}>
        push
      </button>
      <button type="button" onClick={() => navigate(-1)}>
        back
      </button>
    </>
  );
}

describe('the memory router of the tests', () => {
  afterEach(() => window.history.replaceState(null, '', '#/'));

  it("answers its own place in history, whatever the window's history says", async () => {
    // What a hash-router test in the same worker may leave behind: an entry deep in the window's history.
    window.history.replaceState({ idx: 3, usr: null }, '', '#/elsewhere');
    const user = userEvent.setup();
    render(
      <MemoryRouter path="/addBankCard">
        <Probe />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/addBankCard 0');
    await user.click(screen.getByRole('button', { name: 'push' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/withdrawal 1');
    await user.click(screen.getByRole('button', { name: 'back' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/addBankCard 0');
  });
});
