// The modal's focus: drawn closed after the page (as the session dialog is), it leaves the focus
// where the page put it; opened, its first action takes it.
import { cleanup, render, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from '../app/store.ts';
import { SessionExpiredDialog } from '../lib/session/session-expired-dialog.tsx';
import { ModalDialog } from './modal-dialog.tsx';

function Page({ open, showDialog }: { open: boolean; showDialog: boolean }) {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <>
      <input ref={field} aria-label="Secret" />
      {showDialog && (
        <ModalDialog
          open={open}
          title="Session Expired"
          onCancel={() => {}}
          actions={
            <>
              <button type="button">Continue</button>
              <button type="button">Later</button>
            </>
          }
        >
          <p>Do you want to continue?</p>
        </ModalDialog>
      )}
    </>
  );
}

describe('ModalDialog', () => {
  afterEach(cleanup);

  it('takes no focus while closed, even when drawn after the page', () => {
    const view = render(<Page open={false} showDialog={false} />);
    expect(document.activeElement).toBe(screen.getByLabelText('Secret'));
    view.rerender(<Page open={false} showDialog />);
    expect(document.activeElement).toBe(screen.getByLabelText('Secret'));
  });

  it('as the session dialog, drawn after the page has placed the focus, leaves it there', () => {
    const store = createStore();
    const view = render(
      <Provider store={store}>
        <Page open={false} showDialog={false} />
      </Provider>,
    );
    view.rerender(
      <Provider store={store}>
        <Page open={false} showDialog={false} />
        <SessionExpiredDialog />
      </Provider>,
    );
    expect(screen.getByRole('button', { name: 'Continue', hidden: true })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Secret'));
  });

  it('gives the focus to its first action when it opens', () => {
    const view = render(<Page open={false} showDialog />);
    view.rerender(<Page open showDialog />);
    const dialog = screen.getByRole('dialog', { name: 'Session Expired' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continue' }));
    expect(dialog.contains(document.activeElement)).toBe(true);
  });
});
