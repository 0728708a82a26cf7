import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HashRouter, Link, historyIndex, useLocation, useNavigate, useSearchParams } from './router';

function Probe() {
  const location = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="path">{location.pathname}</output>
      <output data-testid="search">{location.search}</output>
      <output data-testid="type">{params.get('type') ?? ''}</output>
      <output data-testid="state">{JSON.stringify(location.state)}</output>
      <button type="button" onClick={() => navigate('/concise?type=HQDZ')}>
        push
      </button>
      <button type="button" onClick={() => navigate('/login', { replace: true })}>
        replace
      </button>
      <button type="button" onClick={() => navigate(-1)}>
        back
      </button>
      <Link to="/abouts?type=5" state={{ returnTo: '/withdrawal?type=1' }}>
        abouts
      </Link>
    </>
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;
const renderProbe = () =>
  render(
    <HashRouter>
      <Probe />
    </HashRouter>,
  );

describe('the hash location (docs/member-app.md "Our own components")', () => {
  const outside = window.location.href;

  beforeEach(() => {
    // A query before the hash that is not the app's: a router reading location.search would see type=outside.
    window.history.replaceState(null, '', '/?type=outside#/password?type=1');
  });
  afterEach(() => {
    window.history.replaceState(null, '', outside);
  });

  it('reads the path and the query from the hash, not from location.search', () => {
    renderProbe();
    expect(text('path')).toBe('/password');
    expect(text('search')).toBe('?type=1');
    expect(text('type')).toBe('1');
    expect(text('state')).toBe('null');
  });

  it('takes an empty hash for home', () => {
    window.history.replaceState(null, '', '/?type=outside');
    renderProbe();
    expect(text('path')).toBe('/');
    expect(text('search')).toBe('');
    expect(text('type')).toBe('');
  });

  it('pushes an entry for a navigation, with the query inside the hash, and replaces one when told', () => {
    renderProbe();
    const entries = window.history.length;
    expect(historyIndex()).toBe(0);

    // Clicked synchronously: the screen follows at once, without waiting for a hashchange (browsers fire none for
    // pushState and replaceState).
    fireEvent.click(screen.getByRole('button', { name: 'push' }));
    expect(window.location.hash).toBe('#/concise?type=HQDZ');
    expect(window.location.search).toBe('?type=outside');
    expect(window.history.length).toBe(entries + 1);
    expect(historyIndex()).toBe(1);
    expect(text('path')).toBe('/concise');
    expect(text('type')).toBe('HQDZ');

    fireEvent.click(screen.getByRole('button', { name: 'replace' }));
    expect(window.location.hash).toBe('#/login');
    expect(window.history.length).toBe(entries + 1);
    expect(historyIndex()).toBe(1);
    expect(text('path')).toBe('/login');
    expect(text('search')).toBe('');
  });

  it('goes back to the entry before on navigate(-1)', async () => {
    const user = userEvent.setup();
    renderProbe();
    await user.click(screen.getByRole('button', { name: 'push' }));
    expect(text('path')).toBe('/concise');
    await user.click(screen.getByRole('button', { name: 'back' }));
    await waitFor(() => expect(text('path')).toBe('/password'));
    expect(window.location.hash).toBe('#/password?type=1');
    expect(text('type')).toBe('1');
    expect(historyIndex()).toBe(0);
  });

  it('links into the hash with the query and the state the link gives', async () => {
    const user = userEvent.setup();
    renderProbe();
    const link = screen.getByRole('link', { name: 'abouts' });
    expect(link).toHaveAttribute('href', '#/abouts?type=5');
    await user.click(link);
    expect(window.location.hash).toBe('#/abouts?type=5');
    expect(text('path')).toBe('/abouts');
    expect(text('type')).toBe('5');
    expect(text('state')).toBe('{"returnTo":"/withdrawal?type=1"}');
  });

  it('replaces the entry when a link leads where the member already is', () => {
    render(
      <HashRouter>
        <Probe />
        <Link to="/password?type=1">again</Link>
      </HashRouter>,
    );
    const entries = window.history.length;
    fireEvent.click(screen.getByRole('link', { name: 'again' }));
    expect(window.history.length).toBe(entries);
    expect(historyIndex()).toBe(0);
    fireEvent.click(screen.getByRole('link', { name: 'abouts' }));
    expect(window.history.length).toBe(entries + 1);
    expect(historyIndex()).toBe(1);
  });

  it('follows the hash when it changes outside the router (back button, an address set directly)', async () => {
    renderProbe();
    act(() => {
      window.location.hash = '#/activity?type=2';
    });
    await waitFor(() => expect(text('path')).toBe('/activity'));
    expect(text('type')).toBe('2');
  });
});
