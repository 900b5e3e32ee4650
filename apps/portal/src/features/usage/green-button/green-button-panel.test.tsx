// The Green Button panel as a user meets it: the download asks for the chosen range and format and
// offers the file; an upload refused by the server or too large shows its reason beside the field;
// uploads can be shown on the charts and deleted after a confirmation.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../../app/store.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { GreenButtonPanel } from './green-button-panel.tsx';
import { GREEN_BUTTON_NAMESPACE } from './texts.ts';

const ACCOUNT = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const UPLOAD = {
  uploadId: '0b7e6a52-1c3d-4e5f-9a8b-7c6d5e4f3a2b',
  name: 'previous home.xml',
  utilityType: 'electricity',
  unit: 'Wh',
  from: '2012-03-01',
  to: '2012-03-14',
  readings: 1340,
  warnings: [],
  createdAt: '2026-11-20T10:00:00.000Z',
};

const fetchMock = vi.fn<(request: Request) => Promise<Response>>();
const requests: { method: string; path: string; body: unknown; contentType: string | null }[] = [];
let uploads = [UPLOAD];
let uploadAnswer: () => Response;

function server() {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const contentType = request.headers.get('content-type');
    const body =
      request.method === 'GET' || request.method === 'DELETE' ? null : await request.clone().text();
    requests.push({ method: request.method, path: url.pathname + url.search, body, contentType });
    if (url.pathname === '/api/usage/greenButton/export') {
      return new Response('start,duration_seconds,value,unit,direction,estimated\r\n', {
        headers: { 'content-type': 'text/csv' },
      });
    }
    if (url.pathname === '/api/usage/greenButton/uploads') return Response.json({ uploads });
    if (url.pathname === '/api/usage/greenButton/upload') return uploadAnswer();
    if (url.pathname.startsWith('/api/usage/greenButton/uploads/') && request.method === 'DELETE') {
      uploads = [];
      return Response.json({ deleted: true });
    }
    return new Response('{}', { status: 404 });
  };
}

function renderPanel(onShowUpload = vi.fn()) {
  render(
    <Provider store={createStore()}>
      <GreenButtonPanel
        accountId={ACCOUNT}
        services={['electricity', 'gas', 'sewer']}
        shownUploadId={null}
        onShowUpload={onShowUpload}
      />
    </Provider>,
  );
  return onShowUpload;
}

function chooseFile(input: HTMLElement, file: File) {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(GREEN_BUTTON_NAMESPACE);
});

beforeEach(() => {
  requests.length = 0;
  uploads = [UPLOAD];
  uploadAnswer = () => Response.json(UPLOAD);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(server());
  URL.createObjectURL = vi.fn(() => 'blob:green-button');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  cleanup();
});

describe('Download My Data', () => {
  it('asks for the chosen service, range and format and offers the file', async () => {
    renderPanel();
    const form = within(screen.getByRole('form', { name: 'Download My Data' }));
    const service = form.getByLabelText('Service') as HTMLSelectElement;
    // Sewer has no meter: only electricity and gas are offered.
    expect([...service.options].map((option) => option.value)).toEqual(['electricity', 'gas']);
    // The last 12 months by default.
    const from = form.getByLabelText('From') as HTMLInputElement;
    const to = form.getByLabelText('To') as HTMLInputElement;
    expect(Date.parse(to.value) - Date.parse(from.value)).toBeGreaterThanOrEqual(364 * 86_400_000);
    fireEvent.change(service, { target: { value: 'gas' } });
    fireEvent.change(from, { target: { value: '2026-01-01' } });
    fireEvent.change(to, { target: { value: '2026-06-30' } });
    fireEvent.click(form.getByLabelText('CSV (spreadsheet)'));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await act(async () => {
      fireEvent.click(form.getByRole('button', { name: 'Download' }));
    });
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const call = requests.find((request) => request.path === '/api/usage/greenButton/export');
    expect(call?.method).toBe('POST');
    expect(JSON.parse(String(call?.body))).toEqual({
      accountId: ACCOUNT,
      utilityType: 'gas',
      from: '2026-01-01',
      toDate: '2026-06-30',
      format: 'csv',
    });
    expect(
      await form.findByText('Your file green-button-gas-2026-01-01-to-2026-06-30.csv is downloading.'),
    ).toBeTruthy();
  });
});

describe('Upload', () => {
  it('shows the server’s reason beside the field and marks it invalid', async () => {
    uploadAnswer = () =>
      Response.json(
        {
          statusCode: 422,
          error: 'Unprocessable Entity',
          message:
            'The file declares a DOCTYPE. Green Button files have none, and DTD entities are refused for safety.',
        },
        { status: 422 },
      );
    renderPanel();
    const form = within(screen.getByRole('form', { name: 'Upload a Green Button file' }));
    const input = form.getByLabelText('Green Button file (.xml)');
    chooseFile(input, new File(['<!DOCTYPE x><feed/>'], 'laughs.xml', { type: 'text/xml' }));
    await act(async () => {
      fireEvent.click(form.getByRole('button', { name: 'Upload' }));
    });
    const alert = await form.findByRole('alert');
    expect(alert.textContent).toMatch(/declares a DOCTYPE/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(alert.id);
    const call = requests.find((request) => request.path.startsWith('/api/usage/greenButton/upload?'));
    expect(call?.path).toBe('/api/usage/greenButton/upload?name=laughs.xml');
    expect(call?.contentType).toBe('application/xml');
    expect(call?.body).toBe('<!DOCTYPE x><feed/>');
  });

  it('refuses a file over 10 MB before sending it, and shows a loaded file with its warnings', async () => {
    renderPanel();
    const form = within(screen.getByRole('form', { name: 'Upload a Green Button file' }));
    const input = form.getByLabelText('Green Button file (.xml)');
    const big = new File(['<feed/>'], 'big.xml', { type: 'application/xml' });
    Object.defineProperty(big, 'size', { value: 50 * 1024 * 1024 });
    chooseFile(input, big);
    fireEvent.click(form.getByRole('button', { name: 'Upload' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'This file is 50 MB; files of at most 10 MB can be uploaded.',
    );
    expect(requests.some((request) => request.path.includes('/upload?'))).toBe(false);

    uploadAnswer = () =>
      Response.json({ ...UPLOAD, name: 'gas.xml', warnings: ['The file is not valid against the schema.'] });
    chooseFile(input, new File(['<feed/>'], 'gas.xml', { type: 'application/xml' }));
    await act(async () => {
      fireEvent.click(form.getByRole('button', { name: 'Upload' }));
    });
    expect(await form.findByText(/gas.xml was loaded: 1340 readings/)).toBeTruthy();
    expect(form.getByText('The file is not valid against the schema.')).toBeTruthy();
    expect(form.queryByRole('alert')).toBeNull();
  });
});

describe('Your uploads', () => {
  it('shows an upload on the charts and deletes one after confirming', async () => {
    const onShowUpload = renderPanel();
    const list = within(screen.getByRole('region', { name: 'Your uploads' }));
    expect(await list.findByText('previous home.xml')).toBeTruthy();
    fireEvent.click(list.getByRole('button', { name: 'Show on charts' }));
    expect(onShowUpload).toHaveBeenCalledWith(UPLOAD.uploadId);

    fireEvent.click(list.getByRole('button', { name: 'Delete: previous home.xml' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this upload?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete upload' }));
    });
    expect(await list.findByText('previous home.xml was deleted.')).toBeTruthy();
    expect(
      requests.some(
        (r) => r.method === 'DELETE' && r.path === `/api/usage/greenButton/uploads/${UPLOAD.uploadId}`,
      ),
    ).toBe(true);
    expect(await list.findByText('You have not uploaded any Green Button files.')).toBeTruthy();
  });
});
