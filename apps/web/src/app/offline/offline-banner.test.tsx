import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { endpoints } from '@h5/contract';
import { callApi } from '../../shared/api/client';
import { OfflineBanner } from './offline-banner';

describe('the 网络异常 banner', () => {
  it('shows when a request finds no network, and goes with the next answer', async () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('alert')).toBeNull();

    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await act(() => callApi(endpoints.balance, {}, { silent: true }).catch(() => undefined));
    expect(screen.getByRole('alert')).toHaveTextContent('网络异常');

    await act(() => callApi(endpoints.balance, {}, { silent: true }).catch(() => undefined));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows while the browser says it is offline', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineBanner />);
    expect(screen.getByRole('alert')).toHaveTextContent('网络异常');
    onLine.mockReturnValue(true);
    act(() => void dispatchEvent(new Event('online')));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
