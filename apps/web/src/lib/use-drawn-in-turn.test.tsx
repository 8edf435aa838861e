import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PullToRefresh } from '../components/ui/PullToRefresh.tsx';
import { useDrawnInTurn } from './use-drawn-in-turn.ts';

/** Three parts, each shown once drawn; `ready` as the screen's data. */
function Parts({ ready }: { ready: boolean }) {
  const drawn = useDrawnInTurn(3, ready);
  return (
    <div data-testid="parts">
      {['head', 'form', 'orders'].slice(0, drawn).map((part) => (
        <p key={part}>{part}</p>
      ))}
    </div>
  );
}

/** The data there, gone, back (a refetch that empties it), at a button's press. */
function Flicker() {
  const [ready, setReady] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setReady((r) => !r)}>
        toggle
      </button>
      <Parts ready={ready} />
    </>
  );
}

const shown = () => [...screen.getByTestId('parts').querySelectorAll('p')].map((p) => p.textContent);

/** Lets the effects of the last render run and one timer fire: one more part's turn. */
async function nextTurn() {
  await act(async () => {
    await new Promise((done) => setTimeout(done, 0));
  });
}

describe('useDrawnInTurn (issue 15: a screen built in several tasks, not one)', () => {
  it('draws nothing before its data, then one part at once and one more a turn after', async () => {
    const { rerender } = render(<Parts ready={false} />);
    await nextTurn();
    await nextTurn();
    expect(shown()).toEqual([]);
    rerender(<Parts ready />);
    // The first part comes in the same render as the data: only the rest wait.
    expect(shown()).toEqual(['head']);
    await nextTurn();
    expect(shown()).toEqual(['head', 'form']);
    await nextTurn();
    expect(shown()).toEqual(['head', 'form', 'orders']);
    await nextTurn();
    expect(shown()).toEqual(['head', 'form', 'orders']);
  });

  it('keeps what it drew when the data goes and comes back (a refetch), and draws again from it', async () => {
    render(<Flicker />);
    await nextTurn();
    await nextTurn();
    expect(shown()).toEqual(['head', 'form', 'orders']);
    fireEvent.click(screen.getByText('toggle'));
    expect(shown()).toEqual([]);
    fireEvent.click(screen.getByText('toggle'));
    expect(shown()).toEqual(['head', 'form', 'orders']);
  });
});

describe('PullToRefresh', () => {
  it('comes a turn after the screen it is on (it shows nothing until pulled)', async () => {
    const { container } = render(<PullToRefresh onRefresh={() => Promise.resolve()} />);
    expect(container.querySelector('ion-refresher')).toBeNull();
    await nextTurn();
    expect(screen.getByTestId('pull-to-refresh').tagName.toLowerCase()).toBe('ion-refresher');
  });
});
