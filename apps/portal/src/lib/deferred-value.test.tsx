import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDeferredValue } from './deferred-value.ts';

let seen: unknown[];

function Probe<T>({ value, show }: { value: T; show: (value: T) => string }) {
  const shown = useDeferredValue(value);
  seen.push(shown);
  return <p>{show(shown)}</p>;
}

describe('useDeferredValue', () => {
  afterEach(cleanup);

  it('shows the first value at once, and a new one only in the render after the one that received it', () => {
    seen = [];
    const view = render(<Probe value="first" show={(value) => value} />);
    expect(seen).toEqual(['first']);
    view.rerender(<Probe value="second" show={(value) => value} />);
    // The render that received "second" still drew "first"; the next one drew "second".
    expect(seen).toEqual(['first', 'first', 'second']);
    expect(screen.getByText('second')).toBeTruthy();
  });

  it('keeps a function as a value instead of calling it', () => {
    seen = [];
    const one = () => 'one';
    const two = () => 'two';
    const view = render(<Probe value={one} show={(value) => value()} />);
    view.rerender(<Probe value={two} show={(value) => value()} />);
    expect(seen.at(-1)).toBe(two);
    expect(screen.getByText('two')).toBeTruthy();
  });
});
