// The dashboard's small decisions: bar heights, which requests count as open, which period the
// usage summary speaks of, which service it shows.
import type { AccountSummary } from '@gridfront/contracts/billing';
import type { ServiceRequestSummary } from '@gridfront/contracts/service-requests';
import type { UsagePeriod } from '@gridfront/contracts/usage';
import { beforeAll, describe, expect, it } from 'vitest';
import { glanceService, latestPeriod } from './recent-usage-panel.tsx';
import { openRequests, SHOWN_REQUESTS } from './service-requests-panel.tsx';
import { barGeometry } from './usage-bars.tsx';

// my-account-api.ts starts loading the request contract lazily when it is imported; these tests end
// sooner than that load, and vitest then reports it as an error after the environment is gone.
beforeAll(async () => {
  await import('@gridfront/contracts/service-requests');
});

describe('barGeometry', () => {
  it('scales heights to the largest value and spreads the bars over the width', () => {
    const bars = barGeometry([
      { key: 'a', value: 50 },
      { key: 'b', value: 100 },
      { key: 'c', value: 0 },
      { key: 'd', value: -5 },
    ]);
    expect(bars.map((bar) => bar.height)).toEqual([32, 64, 1, 1]);
    expect(bars.map((bar) => bar.y)).toEqual([32, 0, 63, 63]);
    // 240 wide, 3 gaps of 3: each bar 57.75 wide, the last ends at the right edge.
    expect(bars[0]?.width).toBe(57.75);
    const last = bars[3];
    expect((last?.x ?? 0) + (last?.width ?? 0)).toBe(240);
  });

  it('draws hairlines when nothing was used, and nothing without periods', () => {
    expect(barGeometry([{ key: 'a', value: 0 }]).map((bar) => bar.height)).toEqual([1]);
    expect(barGeometry([])).toEqual([]);
  });
});

describe('openRequests', () => {
  const request = (referenceNumber: string, status: ServiceRequestSummary['status']) =>
    ({ referenceNumber, status }) as ServiceRequestSummary;

  it('keeps submitted and in-progress requests, in the order given, at most a few', () => {
    const list = [
      request('A', 'completed'),
      request('B', 'submitted'),
      request('C', 'cancelled'),
      request('D', 'in_progress'),
      ...Array.from({ length: 8 }, (_, index) => request(`E${index}`, 'submitted')),
    ];
    const open = openRequests(list);
    expect(open).toHaveLength(SHOWN_REQUESTS);
    expect(open.map((item) => item.referenceNumber).slice(0, 3)).toEqual(['B', 'D', 'E0']);
  });
});

describe('latestPeriod and glanceService', () => {
  const period = (month: string, costCents: number | null) => ({ month, costCents }) as UsagePeriod;

  it('speaks of the latest billed period, else the latest at all', () => {
    expect(latestPeriod([period('2026-09', 1), period('2026-10', 2), period('2026-11', null)])?.month).toBe(
      '2026-10',
    );
    expect(latestPeriod([period('2026-11', null)])?.month).toBe('2026-11');
    expect(latestPeriod([])).toBeUndefined();
  });

  it('shows electricity when the account has it, else its first service', () => {
    const withServices = (...types: string[]) =>
      ({ services: types.map((utilityType) => ({ utilityType })) }) as AccountSummary;
    expect(glanceService(withServices('water', 'electricity'))).toBe('electricity');
    expect(glanceService(withServices('water', 'gas'))).toBe('water');
    expect(glanceService(withServices())).toBeUndefined();
  });
});
