import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { DeskColumns, DeskList } from './desk';

const ROWS = [
  { id: 7, username: 'player01' },
  { id: 8, username: 'player02' },
];

function Desk() {
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <DeskColumns
      className="tickets-desk"
      noun="工单"
      listLabel="工单列表"
      list={
        <DeskList label="待处理的工单" rows={ROWS} selected={selected} onSelect={setSelected}>
          {(row) => <strong>{row.username}</strong>}
        </DeskList>
      }
      mainLabel="工单详情"
      selected={selected}
      main={(id) => <p>{`工单 #${id}`}</p>}
      member={(id) => <p>{`会员 #${id}`}</p>}
    />
  );
}

describe('a desk (docs/operators.md "The support desk", "Tickets")', () => {
  it('says what to pick until a row is picked, then shows it and its member, the row marked as the open one', async () => {
    renderScreen(<Desk />);
    const pane = screen.getByRole('region', { name: '工单详情' });
    const member = screen.getByRole('region', { name: '会员资料' });
    expect(within(pane).getByText('从左侧选择一个工单')).toBeInTheDocument();
    expect(within(member).getByText('选择工单后显示会员资料')).toBeInTheDocument();
    const list = within(screen.getByRole('region', { name: '工单列表' })).getByRole('list', { name: '待处理的工单' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-current')),
    ).toEqual([null, null]);

    await userEvent.click(within(list).getByRole('button', { name: 'player02' }));
    expect(within(pane).getByText('工单 #8')).toBeInTheDocument();
    expect(within(pane).queryByText('从左侧选择一个工单')).toBeNull();
    expect(within(member).getByText('会员 #8')).toBeInTheDocument();
    expect(within(member).queryByText('选择工单后显示会员资料')).toBeNull();
    const player02 = within(list).getByRole('button', { name: 'player02' });
    expect(player02).toHaveAttribute('aria-current', 'true');
    expect(player02).toHaveClass('desk-item', 'is-selected');
    expect(within(list).getByRole('button', { name: 'player01' })).not.toHaveAttribute('aria-current');
  });

  it('says 暂无 and the list when it has no rows', () => {
    renderScreen(
      <DeskList label="已结束的会话" rows={[]} selected={null} onSelect={() => undefined}>
        {() => null}
      </DeskList>,
    );
    expect(screen.getByText('暂无已结束的会话')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
