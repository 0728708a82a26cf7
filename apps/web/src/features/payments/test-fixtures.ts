export { bodiesOf, signIn } from '../../shared/test/member';

type FetchMock = { mock: { calls: unknown[][] } };

export function headersOf(fetch: FetchMock, path: string, header: string): (string | undefined)[] {
  return fetch.mock.calls
    .filter(([url]) => url === path)
    .map(([, init]) => ((init as RequestInit).headers as Record<string, string>)[header]);
}

export function card(id: number, over: Record<string, unknown> = {}) {
  const no = `62220000000${String(1000 + id)}`;
  return {
    id,
    bank: '中国银行',
    bank_owner: '张三',
    bank_no: `${'*'.repeat(no.length - 4)}${no.slice(-4)}`,
    bank_not: no.slice(-4),
    bank_address: '北京分行',
    ico: '',
    ...over,
  };
}

export function usdtCard(id: number, protocol: 'TRC20' | 'ERC20', last4: string) {
  return card(id, { bank: 'USDT', bank_owner: protocol, bank_no: `****${last4}`, bank_not: last4, bank_address: '' });
}

/** Makes the Clipboard API available (happy-dom is not a secure context); answers the copied texts. */
export function stubClipboard(): string[] {
  const copied: string[] = [];
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: (text: string) => Promise.resolve(void copied.push(text)) },
  });
  return copied;
}
