import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyContractResolver } from './lazy-contract-form.ts';

const schema = z.object({ code: z.string().regex(/^\d{6}$/, 'code') });
type Input = z.input<typeof schema>;
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyContractResolver (issue 7)', () => {
  it('checks with the loaded schema: its errors, or its parsed values', async () => {
    const resolver = lazyContractResolver<Input, z.output<typeof schema>>(async () => schema);
    const wrong = await resolver({ code: '12' }, undefined, options);
    expect(wrong.errors.code?.message).toBe('code');
    expect(wrong.values).toEqual({});
    const right = await resolver({ code: '123456' }, undefined, options);
    expect(right.errors).toEqual({});
    expect(right.values).toEqual({ code: '123456' });
  });

  it('loads the schema once, whether preloaded or first needed by a check', async () => {
    const load = vi.fn(async () => schema);
    const resolver = lazyContractResolver<Input, z.output<typeof schema>>(load);
    await Promise.all([resolver.preload(), resolver.preload()]);
    await resolver({ code: '123456' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed download again at the next check', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(schema);
    const resolver = lazyContractResolver<Input, z.output<typeof schema>>(load);
    await expect(resolver({ code: '123456' }, undefined, options)).rejects.toThrow('offline');
    const again = await resolver({ code: '123456' }, undefined, options);
    expect(again.errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(2);
  });
});
