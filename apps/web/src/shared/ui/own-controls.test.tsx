import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Checkbox } from './checkbox';
import { Input } from './input';
import { Tabs } from './tabs';

const ITEMS = [
  { key: 'all', title: '全部' },
  { key: '1', title: '体育' },
  { key: '2', title: '真人' },
];

function TypeTabs({ onChange }: { onChange?: (key: string) => void }) {
  const [tab, setTab] = useState('all');
  return (
    <Tabs
      label="活动类型"
      items={ITEMS}
      activeKey={tab}
      onChange={(key) => {
        setTab(key);
        onChange?.(key);
      }}
    />
  );
}

describe('our own controls (docs/member-app.md "Our own components")', () => {
  it('tabs: one tab in the Tab order; the arrow keys, Home and End select and focus, wrapping round', async () => {
    const user = userEvent.setup();
    const changed = vi.fn();
    render(<TypeTabs onChange={changed} />);
    expect(screen.getByRole('tablist', { name: '活动类型' })).toBeInTheDocument();
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('全部')).toHaveAttribute('aria-selected', 'true');
    expect(tab('体育')).toHaveAttribute('tabindex', '-1');

    await user.tab();
    expect(tab('全部')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('体育')).toHaveAttribute('aria-selected', 'true');
    expect(tab('体育')).toHaveFocus();
    expect(tab('全部')).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{End}');
    expect(tab('真人')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('全部')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(tab('真人')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tab('全部')).toHaveFocus();
    await user.click(tab('体育'));
    expect(changed.mock.calls.map(([key]) => key)).toEqual(['1', '2', 'all', '2', 'all', '1']);
  });

  it('button: busy means disabled, named by its busy label', () => {
    const { rerender } = render(
      <Button color="primary" loading={false} loadingText="登录中">
        登录
      </Button>,
    );
    expect(screen.getByRole('button', { name: '登录' })).toBeEnabled();
    rerender(
      <Button color="primary" loading loadingText="登录中">
        登录
      </Button>,
    );
    const busy = screen.getByRole('button', { name: '登录中' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
  });

  it('input: the clear button empties the field and gives it the focus back', async () => {
    const user = userEvent.setup();
    function Field() {
      const [value, setValue] = useState('');
      return (
        <>
          <label htmlFor="name">账号</label>
          <Input id="name" clearable value={value} onChange={setValue} />
        </>
      );
    }
    render(<Field />);
    expect(screen.queryByRole('button', { name: '清除内容' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('账号'), 'walker01');
    await user.click(screen.getByRole('button', { name: '清除内容' }));
    expect(screen.getByLabelText('账号')).toHaveValue('');
    expect(screen.getByLabelText('账号')).toHaveFocus();
  });

  it('checkbox: a real checkbox named by its text, toggled from its label', async () => {
    const user = userEvent.setup();
    function Terms() {
      const [checked, setChecked] = useState(false);
      return (
        <Checkbox checked={checked} onChange={setChecked}>
          我已阅读并同意相关条款和隐私协议
        </Checkbox>
      );
    }
    render(<Terms />);
    const box = screen.getByRole('checkbox', { name: '我已阅读并同意相关条款和隐私协议' });
    await user.click(screen.getByText('我已阅读并同意相关条款和隐私协议'));
    expect(box).toBeChecked();
    await user.keyboard(' ');
    expect(box).not.toBeChecked();
  });
});
