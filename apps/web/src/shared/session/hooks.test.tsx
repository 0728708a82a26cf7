import { describe, it } from 'vitest';
import { expectSessionEnded, signIn } from '../test/member';
import { mockApi, renderPage } from '../test/render';
import { useBalance } from './hooks';

function Balance() {
  const balance = useBalance();
  return <output>{balance.data ?? '--'}</output>;
}

describe('useBalance', () => {
  it('ends the session on a 401 of the poll and says why with the 认证失败 dialog', async () => {
    signIn();
    mockApi({ '/api/balance': () => ({ code: 401, message: '未登录', data: null }) });
    renderPage(<Balance />);
    await expectSessionEnded();
  });
});
