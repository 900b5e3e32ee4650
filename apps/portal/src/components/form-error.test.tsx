import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dataOrNotifyFailure } from '../lib/api/call-outcome.ts';
import { FormError } from './form-error.tsx';

const fail = (message: string) =>
  act(() => {
    dataOrNotifyFailure({ error: { status: 409, data: { statusCode: 409, error: 'Conflict', message } } });
  });

function Form({ name }: { name: string }) {
  return (
    <form aria-label={name} onSubmit={(event) => event.preventDefault()}>
      <FormError />
      <button type="submit">Send {name}</button>
    </form>
  );
}

describe('FormError', () => {
  afterEach(cleanup);

  it('keeps a call failure beside its form, announced, until the form is submitted again', () => {
    render(<Form name="one" />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Send one' }));
    fail('Username already taken');
    expect(alert.textContent).toBe('Username already taken');
    fireEvent.click(screen.getByRole('button', { name: 'Send one' }));
    expect(alert.textContent).toBe('');
  });

  it('shows a failure only beside the form that was submitted, on a page with several', () => {
    render(
      <>
        <Form name="username" />
        <Form name="password" />
      </>,
    );
    const username = within(screen.getByRole('form', { name: 'username' })).getByRole('alert');
    const password = within(screen.getByRole('form', { name: 'password' })).getByRole('alert');
    fireEvent.click(screen.getByRole('button', { name: 'Send password' }));
    fail('Current password is incorrect');
    expect(password.textContent).toBe('Current password is incorrect');
    expect(username.textContent).toBe('');
  });
});
