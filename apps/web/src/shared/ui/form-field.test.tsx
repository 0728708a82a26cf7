import { MAX_INPUT } from '@h5/contract/codes';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AmountInput, TextInputField } from './form-field';

function Amount({ all }: { all?: string }) {
  const [value, setValue] = useState('');
  return <AmountInput look="pay" id="amount" placeholder="请输入金额" value={value} onChange={setValue} all={all} />;
}

describe('form fields', () => {
  it('names a text input by its label, in the look of its feature, with the usual length', () => {
    const { container } = render(
      <TextInputField
        look="cards"
        id="bank-no"
        label="银行卡号"
        placeholder="请输入银行卡号"
        value=""
        onChange={() => {}}
      />,
    );
    const input = screen.getByLabelText('银行卡号');
    expect(input).toHaveAttribute('id', 'bank-no');
    expect(input).toHaveAttribute('maxlength', String(MAX_INPUT));
    expect(container.querySelector('.cards-field > .cards-label')).toHaveTextContent('银行卡号');
  });

  it('keeps only digits and a point in an amount, and 全部 fills the whole balance', async () => {
    const user = userEvent.setup();
    render(<Amount all="1,234.50" />);
    const input = screen.getByPlaceholderText('请输入金额');
    await user.type(input, '12a.5元');
    expect(input).toHaveValue('12.5');
    await user.click(screen.getByRole('button', { name: '全部' }));
    expect(input).toHaveValue('1,234.50');
  });

  it('offers no 全部 where there is nothing to fill', () => {
    render(<Amount />);
    expect(screen.queryByRole('button', { name: '全部' })).toBeNull();
  });
});
