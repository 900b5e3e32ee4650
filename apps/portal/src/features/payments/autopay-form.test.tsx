// The AutoPay form follows the utility's AutoPay rules (issue 14, /admin/settings): it offers only the
// methods the utility takes and refuses a maximum above its cap before anything is sent.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from '../../app/store.ts';
import '../../i18n/i18n.ts';
import { tenantConfig } from '../../lib/tenant/tenant-config.ts';
import { tenantLoaded } from '../../lib/tenant/tenant-slice.ts';
import './texts.ts';
import { AutopayForm } from './autopay-form.tsx';

afterEach(cleanup);

function renderForm(autopay: unknown) {
  const store = createStore();
  store.dispatch(tenantLoaded(tenantConfig.parse({ name: 'Riverbend Utilities', autopay })));
  render(
    <Provider store={store}>
      <AutopayForm accountId="00000000-0000-4000-8000-000000000001" autopay={null} onClose={() => {}} />
    </Provider>,
  );
}

describe('the AutoPay form under the utility’s rules', () => {
  it('offers only the methods the utility takes and checks its cap', async () => {
    renderForm({ methods: ['ach'], maxWithdrawalCents: 10_000 });
    expect(await screen.findByRole('radio', { name: /Bank account/ })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /card/ })).toBeNull();
    expect(screen.getByLabelText('Routing number')).toBeTruthy();
    expect(screen.getByText(/withdraws at most \$100\.00 at a time/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Maximum withdrawal/), { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save AutoPay' }));
    expect(await screen.findByText('The maximum can be at most $100.00 at this utility.')).toBeTruthy();
  });

  it('offers both methods and no cap where the utility sets none', async () => {
    renderForm(undefined);
    expect(await screen.findByRole('radio', { name: /card/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Bank account/ })).toBeTruthy();
    expect(screen.queryByText(/withdraws at most/)).toBeNull();
  });
});
