import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Segmented } from './Segmented.tsx';

const SIDES = [
  { value: 'BUY', label: 'Buy', testId: 'side-buy', className: 'seg-buy' },
  { value: 'SELL', label: 'Sell', testId: 'side-sell' },
] as const;

function Side({ onChange }: { onChange: (side: 'BUY' | 'SELL') => void }) {
  const [side, setSide] = useState<'BUY' | 'SELL'>('BUY');
  return (
    <Segmented
      value={side}
      options={SIDES}
      label="Buy or sell"
      className="order-side"
      onChange={(next) => {
        setSide(next);
        onChange(next);
      }}
    />
  );
}

describe('Segmented', () => {
  it('is a named group of radio buttons, the chosen one checked', () => {
    render(<Side onChange={() => {}} />);
    const group = screen.getByRole('group', { name: 'Buy or sell' });
    expect(group.className).toBe('fit24-segmented order-side');
    const buy = screen.getByRole('radio', { name: 'Buy' }) as HTMLInputElement;
    const sell = screen.getByRole('radio', { name: 'Sell' }) as HTMLInputElement;
    expect(buy.checked).toBe(true);
    expect(sell.checked).toBe(false);
    // One name for the group, so the browser moves between them with the arrow keys.
    expect(buy.name).toBe(sell.name);
    expect(screen.getByTestId('side-buy').className).toBe('fit24-segmented__option seg-buy');
  });

  it('chooses another when its label is tapped, and says so once', () => {
    const onChange = vi.fn();
    render(<Side onChange={onChange} />);
    fireEvent.click(screen.getByTestId('side-sell'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('SELL');
    expect((screen.getByRole('radio', { name: 'Sell' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Buy' }) as HTMLInputElement).checked).toBe(false);
    // Tapping the chosen one again changes nothing.
    fireEvent.click(screen.getByTestId('side-sell'));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('keeps each group apart: two on one screen do not share their radios', () => {
    render(
      <>
        <Side onChange={() => {}} />
        <Side onChange={() => {}} />
      </>,
    );
    const [first, second] = screen.getAllByRole('radio', { name: 'Buy' }) as HTMLInputElement[];
    expect(first?.name).not.toBe(second?.name);
  });
});
