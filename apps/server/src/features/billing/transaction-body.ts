// The bodies of POST /oracle/transactionDetails and /oracle/getBillDetails checked without zod's
// parse when they have the plain shape the portal sends (for a history page: an object asking for
// transactions, each field of the right kind). Only bodies zod accepts are taken, with the very
// value zod gives (defaults filled in, unknown keys left out; the same regular expressions, from
// zod itself); anything else, the usage views included, goes to zod, so every error and its message
// stay zod's (transaction-body.test.ts compares the two). zod's discriminated union, object and
// refinement cost about 6 µs a call.
import {
  type BillDetailsRequest,
  TRANSACTION_FILTERS,
  TRANSACTION_PAGE_LIMIT_MAX,
  type TransactionFilter,
} from '@gridfront/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { regexes } from 'zod/v4/core';
import type { TransactionDetailsInput } from './service.ts';

const UUID = regexes.uuid();
const DATE = regexes.date;
const FILTERS: ReadonlySet<string> = new Set(TRANSACTION_FILTERS);

/** The transactionDetails request zod would make of `data`, or undefined: leave it to zod. */
export function plainTransactionBody(data: unknown): TransactionDetailsInput | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const body = data as Record<string, unknown>;
  const {
    type,
    accountId,
    filterType,
    filterDescription,
    from,
    toDate,
    pageLimit,
    pageOffset,
    sortBy,
    sortOrder,
  } = body;
  if (type !== undefined && type !== 'transactions') return undefined;
  if (typeof accountId !== 'string' || !UUID.test(accountId)) return undefined;
  if (filterType !== undefined && (typeof filterType !== 'string' || !FILTERS.has(filterType)))
    return undefined;
  if (
    filterDescription !== undefined &&
    (typeof filterDescription !== 'string' || filterDescription.length > 60)
  )
    return undefined;
  if (from !== undefined && (typeof from !== 'string' || !DATE.test(from))) return undefined;
  if (toDate !== undefined && (typeof toDate !== 'string' || !DATE.test(toDate))) return undefined;
  if (typeof from === 'string' && typeof toDate === 'string' && from > toDate) return undefined;
  if (
    pageLimit !== undefined &&
    !(
      typeof pageLimit === 'number' &&
      Number.isInteger(pageLimit) &&
      pageLimit >= 1 &&
      pageLimit <= TRANSACTION_PAGE_LIMIT_MAX
    )
  )
    return undefined;
  if (
    pageOffset !== undefined &&
    !(typeof pageOffset === 'number' && Number.isSafeInteger(pageOffset) && pageOffset >= 0)
  )
    return undefined;
  if (sortBy !== undefined && sortBy !== 'date' && sortBy !== 'amount') return undefined;
  if (sortOrder !== undefined && sortOrder !== 'asc' && sortOrder !== 'desc') return undefined;
  // The keys in the contract's order, optional ones only when present (as zod's output has them).
  const value: Record<string, unknown> = {};
  if ('type' in body) value.type = type;
  value.accountId = accountId;
  value.filterType = (filterType as TransactionFilter | undefined) ?? 'ALL';
  if ('filterDescription' in body) value.filterDescription = filterDescription;
  if ('from' in body) value.from = from;
  if ('toDate' in body) value.toDate = toDate;
  value.pageLimit = pageLimit ?? 10;
  value.pageOffset = pageOffset ?? 0;
  value.sortBy = sortBy ?? 'date';
  value.sortOrder = sortOrder ?? 'desc';
  return value as unknown as TransactionDetailsInput;
}

/** The getBillDetails request zod would make of `data` (billDetailsRequest), or undefined. */
export function plainBillBody(data: unknown): BillDetailsRequest | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const body = data as Record<string, unknown>;
  const { accountId, billId } = body;
  if (typeof accountId !== 'string' || !UUID.test(accountId)) return undefined;
  if (billId !== undefined && (typeof billId !== 'string' || !UUID.test(billId))) return undefined;
  const value: Record<string, unknown> = { accountId };
  if ('billId' in body) value.billId = billId;
  return value as unknown as BillDetailsRequest;
}

/**
 * A route's validator: the body through `plain` when it answers, zod otherwise; every other part
 * of the request through zod.
 */
function withPlainBody(plain: (data: unknown) => unknown): FastifySchemaCompiler<unknown> {
  return (route) => {
    const zod = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    if (route.httpPart !== 'body') return zod;
    return (data) => {
      const value = plain(data);
      return value === undefined ? zod(data) : { value };
    };
  };
}

export const transactionBodyValidator = withPlainBody(plainTransactionBody);
export const billBodyValidator = withPlainBody(plainBillBody);
