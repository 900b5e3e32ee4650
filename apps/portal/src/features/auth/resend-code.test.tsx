// Resend Code on the two-factor page: the pending token travels in the X-Pending-Token header,
// never in the URL (which lands in logs and history).
import { PENDING_TOKEN_HEADER } from '@gridfront/contracts';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../lib/session/session-storage.ts';
import { renderApp } from '../../test/test-app.tsx';

const pendingToken = 'pending.token-value.signature';
const user = {
  username: 'demo',
  fullName: 'Dana Demo',
  emailVerified: true,
  tfaEnabled: true,
  hasAccount: true,
  hasProfile: true,
};

describe('Resend Code', () => {
  const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
  const resendRequests = () =>
    fetchMock.mock.calls.map(([request]) => request).filter((request) => request.url.includes('/resendOTP'));

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    fetchMock.mockImplementation(async (request) => {
      if (request.url.endsWith('/auth/login')) {
        return Response.json({ message: 'Code sent', tfaRequired: true, pendingToken, user });
      }
      if (request.url.includes('/auth/resendOTP')) return Response.json({ message: 'A new code was sent' });
      return new Response('{}', { status: 404 });
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    fetchMock.mockReset();
    toast.dismiss();
    cleanup();
    clearSession();
  });

  it('sends the two-factor pending token in its header, not in the URL', async () => {
    const { router } = renderApp({ path: '/login' });
    fireEvent.change(await screen.findByLabelText('Username', {}, { timeout: 5000 }), {
      target: { value: 'demo' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Demo@12345' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/twoFactorAuth'), { timeout: 5000 });

    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Resend Code' }, { timeout: 5000 }));
    });
    await waitFor(() => expect(resendRequests()).toHaveLength(1), { timeout: 5000 });
    const [request] = resendRequests();
    const url = new URL(request?.url ?? '');
    expect(url.searchParams.get('purpose')).toBe('tfa');
    expect(url.searchParams.has('pendingToken')).toBe(false);
    expect(request?.url).not.toContain(pendingToken);
    expect(request?.headers.get(PENDING_TOKEN_HEADER)).toBe(pendingToken);
  });
});
