import { billDetailsRequest, transactionDetailsBody, transactionDetailsRequest } from '@gridfront/contracts';
import { describe, expect, it } from 'vitest';
import { plainBillBody, plainTransactionBody, transactionBodyValidator } from './transaction-body.ts';

const account = '3539d760-4790-43f8-9eb0-31ef12d3d3eb';
const valid = {
  accountId: account,
  filterType: 'C1BL',
  filterDescription: 'Bills',
  pageLimit: 5,
  pageOffset: 0,
  from: '2025-11-26',
  toDate: '2026-11-26',
};

/** Bodies a client may send: valid ones, each field wrong in turn, and other shapes. */
function bodies(): unknown[] {
  const list: unknown[] = [
    valid,
    { accountId: account },
    { ...valid, type: 'transactions', sortBy: 'amount', sortOrder: 'asc' },
    { ...valid, extra: 1, nested: { a: 1 } },
    { ...valid, filterDescription: 'x'.repeat(60) },
    { ...valid, pageLimit: 100, pageOffset: 2 ** 40 },
    { ...valid, from: '2024-02-29', toDate: '2024-02-29' },
    { ...valid, from: undefined, toDate: '2026-01-01' },
    null,
    [],
    'text',
    42,
    {},
  ];
  const wrong: Record<string, unknown[]> = {
    type: ['usage', 'Transactions', null, 1],
    accountId: [
      undefined,
      null,
      '',
      'not-a-uuid',
      account.toUpperCase(),
      `${account} `,
      7,
      '3539d760-4790-03f8-9eb0-31ef12d3d3eb',
    ],
    filterType: [null, 'BILL', 'all', 1],
    filterDescription: [null, 'x'.repeat(61), 5],
    from: [null, '', '2026-02-30', '2023-02-29', '2026-1-01', '2026-11-27', 20260101],
    toDate: [null, '2025-11-25', '2026-13-01', '2026-11-26T00:00:00Z'],
    pageLimit: [null, 0, 101, 1.5, '5', -1, Number.NaN],
    pageOffset: [null, -1, 0.5, '0', 2 ** 53, Number.MAX_SAFE_INTEGER],
    sortBy: [null, 'Date', 'time'],
    sortOrder: [null, 'DESC', 'up'],
  };
  for (const [key, values] of Object.entries(wrong))
    for (const value of values) list.push({ ...valid, [key]: value });
  return list;
}

describe('transactionDetails body without zod', () => {
  // A field added to the contract would be dropped by the plain path without a word: this fails
  // first, naming the field, so the plain path learns it (or leaves such bodies to zod).
  it('knows every field of the contract', () => {
    const known = [
      'type',
      'accountId',
      'filterType',
      'filterDescription',
      'from',
      'toDate',
      'pageLimit',
      'pageOffset',
      'sortBy',
      'sortOrder',
    ];
    expect(Object.keys(transactionDetailsRequest.shape)).toEqual(known);
  });

  it('accepts only what zod accepts, with the very value zod gives', () => {
    let plain = 0;
    for (const body of bodies()) {
      const label = JSON.stringify(body);
      const fast = plainTransactionBody(body);
      const zod = transactionDetailsBody.safeParse(body);
      if (fast === undefined) continue;
      plain += 1;
      expect(zod.success, label).toBe(true);
      expect(fast, label).toStrictEqual(zod.data);
      // The same keys in the same order.
      expect(JSON.stringify(fast), label).toBe(JSON.stringify(zod.data));
    }
    expect(plain).toBeGreaterThanOrEqual(8);
  });

  it('leaves to zod what it refuses, and the usage views', () => {
    const validate = transactionBodyValidator({
      schema: transactionDetailsBody,
      method: 'POST',
      url: '/oracle/transactionDetails',
      httpPart: 'body',
    }) as (data: unknown) => { value?: unknown; error?: unknown };
    for (const body of bodies()) {
      const label = JSON.stringify(body);
      const result = validate(body);
      const zod = transactionDetailsBody.safeParse(body);
      expect(result.error === undefined, label).toBe(zod.success);
      if (zod.success) expect(result.value, label).toStrictEqual(zod.data);
    }
    expect(plainTransactionBody({ ...valid, type: 'usage' })).toBeUndefined();
    expect(plainTransactionBody({ ...valid, from: '2026-12-01' })).toBeUndefined();
  });
});

describe('getBillDetails body without zod', () => {
  it('knows every field of the contract', () => {
    expect(Object.keys(billDetailsRequest.shape)).toEqual(['accountId', 'billId']);
  });

  it('accepts only what zod accepts, with the very value zod gives', () => {
    const bill = 'de98d3f2-d49a-45e2-931c-730934595ae7';
    const list: unknown[] = [
      { accountId: account },
      { accountId: account, billId: bill },
      { accountId: account, billId: undefined },
      { accountId: account, billId: bill, extra: true },
      { accountId: account, billId: null },
      { accountId: account, billId: 'nope' },
      { accountId: account, billId: bill.toUpperCase() },
      { accountId: 'nope' },
      { billId: bill },
      { accountId: 5 },
      null,
      [],
      'x',
    ];
    let plain = 0;
    for (const body of list) {
      const label = JSON.stringify(body);
      const fast = plainBillBody(body);
      const zod = billDetailsRequest.safeParse(body);
      if (fast === undefined) continue;
      plain += 1;
      expect(zod.success, label).toBe(true);
      expect(fast, label).toStrictEqual(zod.data);
      expect(JSON.stringify(fast), label).toBe(JSON.stringify(zod.data));
    }
    expect(plain).toBeGreaterThanOrEqual(3);
  });
});
