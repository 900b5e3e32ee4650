import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dataOrNotifyFailure } from '../lib/api/call-outcome.ts';
import { FormError } from './form-error.tsx';

describe('FormError', () => {
  afterEach(cleanup);

  it('keeps a call failure beside its form, announced, until the form is submitted again', () => {
    render(
      <form onSubmit={(event) => event.preventDefault()}>
        <FormError />
        <button type="submit">Send</button>
      </form>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('');
    act(() => {
      dataOrNotifyFailure({
        error: {
          status: 409,
          data: { statusCode: 409, error: 'Conflict', message: 'Username already taken' },
        },
      });
    });
    expect(alert.textContent).toBe('Username already taken');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(alert.textContent).toBe('');
  });
});
