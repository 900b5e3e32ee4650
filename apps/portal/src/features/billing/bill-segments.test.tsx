// The bill's segments: each service's row in the table, and its line items folded below, drawn when
// the customer first opens them (issue 7) and kept when folded again.
import type { BillDetail } from '@gridfront/contracts/billing';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import './texts.ts';
import { BillSegments } from './bill-segments.tsx';

afterEach(cleanup);

const segment = (n: number, utilityType: 'electricity' | 'water', lines: string[]) => ({
  segmentId: `00000000-0000-4000-8000-00000000000${n}`,
  serviceId: `00000000-0000-4000-9000-00000000000${n}`,
  utilityType,
  startDate: '2026-10-01',
  endDate: '2026-10-31',
  usageQuantity: 812,
  usageUnit: utilityType === 'water' ? 'gal' : 'kWh',
  amountCents: 12_345,
  outstandingCents: 12_345,
  lineItems: lines.map((description, index) => ({
    kind: 'energy',
    description,
    quantity: index === 0 ? 812 : null,
    unit: index === 0 ? 'kWh' : null,
    rate: index === 0 ? 0.1234 : null,
    amountCents: 10_000 + index,
  })),
});

const bill: BillDetail = {
  billId: '00000000-0000-4000-8000-0000000000aa',
  billNumber: '3100000003-202610',
  billDate: '2026-11-01',
  dueDate: '2026-11-24',
  periodStart: '2026-10-01',
  periodEnd: '2026-10-31',
  previousBalanceCents: 0,
  paymentsReceivedCents: 0,
  currentChargesCents: 24_690,
  amountDueCents: 24_690,
  status: 'open',
  segments: [
    segment(1, 'electricity', ['Energy charge', 'Customer charge']),
    segment(2, 'water', ['Water base charge']),
  ],
};

/** Opens or folds a details element as the browser does: its open state, then its toggle event. */
function toggle(details: HTMLDetailsElement, open: boolean) {
  act(() => {
    details.open = open;
    fireEvent(details, new Event('toggle'));
  });
}

describe('BillSegments', () => {
  it('lists every segment, and draws a segment’s line items only once they are opened', async () => {
    await i18n.loadNamespaces('billing');
    const { container } = render(<BillSegments bill={bill} />);
    const segments = await screen.findByRole('table', { name: 'Charges per service on this bill' });
    expect(within(segments).getAllByRole('row')).toHaveLength(3);

    const [electricity, water] = [...container.querySelectorAll('details')];
    if (!electricity || !water) throw new Error('a details element per segment');
    expect(electricity.querySelector('summary')?.textContent).toBe('Details of Electricity');
    expect(container.querySelectorAll('details table')).toHaveLength(0);

    toggle(electricity, true);
    const lines = within(electricity).getByRole('table');
    expect(
      within(lines)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'ItemQuantityRateAmount',
      expect.stringMatching(/^Energy charge812 kWh\$0\.1234\$100\.00$/),
      expect.stringMatching(/^Customer charge\$100\.01$/),
    ]);
    // The other segment's lines stay undrawn; the opened ones stay drawn when folded again.
    expect(water.querySelector('table')).toBeNull();
    toggle(electricity, false);
    expect(electricity.querySelector('table')).not.toBeNull();
  });
});
