import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RulesList } from './rules-list';

describe('RulesList', () => {
  it('numbers the rules in their order, one item each', () => {
    const { container } = render(<RulesList items={['每天最多晋升一级。', '不可越级晋升。']} />);
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(list).toHaveClass('rules-list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['每天最多晋升一级。', '不可越级晋升。']);
    expect(container.querySelectorAll('ul')).toHaveLength(0);
  });

  it('bullets tips when told', () => {
    render(<RulesList items={['小额充提推荐使用 TRC20。']} bulleted />);
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('UL');
    expect(list).toHaveClass('rules-list');
    expect(within(list).getByRole('listitem')).toHaveTextContent('小额充提推荐使用 TRC20。');
  });
});
