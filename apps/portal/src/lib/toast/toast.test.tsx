import { toToastText } from '@gridfront/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { notify, notifyServerMessage } from './toast.ts';
import { ToastHost } from './toast-host.tsx';

describe('toasts', () => {
  afterEach(async () => {
    toast.dismiss();
    cleanup();
    await i18n.changeLanguage('en');
  });

  it('reduces the text to plain text of at most 110 characters plus an ellipsis', async () => {
    render(<ToastHost />);
    const long = `<b>Payment</b> of &amp; received. ${'More detail follows. '.repeat(10)}`;
    act(() => {
      notify.success(long);
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(toToastText(long));
    expect(alert.textContent).toMatch(/^Payment of & received\. More detail/);
    expect(alert.textContent?.length).toBe(113);
  });

  it('is announced in a live region', async () => {
    render(<ToastHost />);
    act(() => {
      notify.info('Saved');
    });
    await screen.findByText('Saved');
    expect(document.querySelector('[aria-live="polite"]')).not.toBeNull();
  });

  it('shows only the latest toast', async () => {
    render(<ToastHost />);
    act(() => {
      notify.info('First message');
    });
    const first = await screen.findByText('First message');
    act(() => {
      notify.error('Second message');
    });
    // jsdom runs no CSS animations: end the first toast's exit animation by hand.
    const firstToast = first.closest('.Toastify__toast');
    if (firstToast) fireEvent.animationEnd(firstToast);
    await screen.findByText('Second message');
    await waitFor(() => expect(screen.queryByText('First message')).toBeNull());
  });

  it('shows a known server message in the reader language', async () => {
    await i18n.changeLanguage('de');
    render(<ToastHost />);
    act(() => {
      notifyServerMessage('error', 'Invalid username or password');
    });
    expect(await screen.findByText('Ungültiger Benutzername oder ungültiges Passwort')).toBeTruthy();
  });
});
