import { errorResponse } from '@gridfront/contracts/api';
import { describe, expect, it } from 'vitest';
import { readErrorBody } from './error-body.ts';

// Bodies a server, a proxy or a broken network can hand the portal.
const samples: unknown[] = [
  { statusCode: 400, error: 'Bad Request', message: 'Username is required' },
  { statusCode: 400, error: 'Bad Request', message: 'x', fields: { username: 'Username is required' } },
  { statusCode: 500, error: 'Internal Server Error', message: 'x', requestId: 'req-7' },
  { statusCode: 401, error: 'Unauthorized', message: 'x', extra: true },
  { statusCode: 400.5, error: 'Bad Request', message: 'x' },
  { statusCode: '400', error: 'Bad Request', message: 'x' },
  { statusCode: 400, error: 'Bad Request' },
  { statusCode: 400, error: 7, message: 'x' },
  { statusCode: 400, error: 'Bad Request', message: 'x', fields: { username: 3 } },
  { statusCode: 400, error: 'Bad Request', message: 'x', fields: ['a'] },
  { statusCode: 400, error: 'Bad Request', message: 'x', requestId: 12 },
  { statusCode: Number.NaN, error: 'e', message: 'x' },
  { statusCode: Number.POSITIVE_INFINITY, error: 'e', message: 'x' },
  '<html>Bad gateway</html>',
  null,
  undefined,
  [],
  42,
];

describe('readErrorBody', () => {
  it.each(samples.map((sample) => [JSON.stringify(sample) ?? String(sample), sample]))(
    'gives the same verdict and data as the contract schema for %s',
    (_label, sample) => {
      const parsed = errorResponse.safeParse(sample);
      expect(readErrorBody(sample)).toEqual(parsed.success ? parsed.data : undefined);
    },
  );

  it('reads the message of a well-formed body', () => {
    expect(
      readErrorBody({ statusCode: 429, error: 'Too Many Requests', message: 'Slow down' })?.message,
    ).toBe('Slow down');
  });
});
