// The answer serializer: unknown fields dropped, a wrong shape refused, transforms refused up front,
// and the same JSON as the type provider's encoder for plain schemas.
import { usageDetailsResponse } from '@gridfront/contracts';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializer, transformsValues } from './answer-serializer.ts';

const compile = (schema: z.ZodType, compiler = answerSerializer) =>
  compiler({ schema, method: 'POST', url: '/x', httpStatus: '200' } as never) as (data: unknown) => string;

describe('answer serializer', () => {
  it('drops fields the schema does not name and refuses a wrong shape', () => {
    const serialize = compile(z.object({ id: z.string(), amount: z.number().int() }));
    expect(serialize({ id: 'a', amount: 5, pinHash: 'secret' })).toBe('{"id":"a","amount":5}');
    expect(() => serialize({ id: 'a', amount: 'five' })).toThrow();
  });

  it('writes what the type provider writes for a usage answer', () => {
    const answer = {
      type: 'usage',
      accountId: '6a0b1a0e-7c1d-4e1f-9a2b-3c4d5e6f7a8b',
      utilityType: 'electricity',
      unit: 'kWh',
      timeZone: 'America/Chicago',
      from: '2026-01-01',
      toDate: '2026-01-01',
      hasSolar: false,
      uploadId: null,
      tou: null,
      highlights: { highestDay: null, changeFromLastYear: 0.1, touShares: [], solarSavingsCents: null },
      view: 'interval',
      resolution: 60,
      intervals: [
        {
          date: '2026-01-01',
          importWh: [1, 2, 3],
          exportWh: null,
          generationWh: null,
          estimated: false,
          extra: 1,
        },
      ],
    };
    expect(compile(usageDetailsResponse)(answer)).toBe(
      compile(usageDetailsResponse, serializerCompiler as never)(answer),
    );
  });

  it('finds transforms anywhere in a schema and refuses them', () => {
    const nested = z.object({ list: z.array(z.union([z.string(), z.string().transform((s) => s.length)])) });
    expect(transformsValues(nested)).toBe(true);
    expect(transformsValues(usageDetailsResponse)).toBe(false);
    expect(() => compile(nested)).toThrow('transforms values');
  });
});
