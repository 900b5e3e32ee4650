// Verified access tokens are remembered by their text until their own expiry (auth.ts): a hit must
// never outlive the token, and nothing but the exact text that verified may hit.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './auth.ts';

const SECRET = 'access-token-test-secret-0123456789-abcdef';

function someUser() {
  return { userId: randomUUID(), tenantId: randomUUID(), sessionId: randomUUID() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('verifies the same token again from memory with the same user, as a fresh object', async () => {
    const tokens = createAccessTokens(SECRET, 60);
    const user = someUser();
    const token = await tokens.sign(user);
    const first = await tokens.verify(token);
    const second = await tokens.verify(token);
    expect(first).toEqual(user);
    expect(second).toEqual(user);
    expect(second).not.toBe(first);
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T04:00:00.000Z'));
    const tokens = createAccessTokens(SECRET, 60);
    const user = someUser();
    const token = await tokens.sign(user);
    expect(await tokens.verify(token)).toEqual(user);
    vi.setSystemTime(new Date('2026-11-26T04:00:59.000Z'));
    expect(await tokens.verify(token)).toEqual(user);
    vi.setSystemTime(new Date('2026-11-26T04:01:00.000Z'));
    expect(await tokens.verify(token)).toBeNull();
    // And stays refused (the entry is gone, jose refuses it too).
    expect(await tokens.verify(token)).toBeNull();
  });

  it('never lets a changed token through after the genuine one was remembered', async () => {
    const tokens = createAccessTokens(SECRET, 60);
    const user = someUser();
    const token = await tokens.sign(user);
    expect(await tokens.verify(token)).toEqual(user);
    const [header, payload, signature = ''] = token.split('.');
    const otherUser = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()),
        sub: randomUUID(),
      }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${otherUser}.${signature}`)).toBeNull();
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    // Another secret's tokens are not ours, remembered or not.
    const foreign = createAccessTokens(`${SECRET}-other`, 60);
    expect(await foreign.verify(token)).toBeNull();
  });

  it('keeps working when more tokens verify than it remembers', async () => {
    const tokens = createAccessTokens(SECRET, 60, 2);
    const users = [someUser(), someUser(), someUser()];
    const signed = await Promise.all(users.map((user) => tokens.sign(user)));
    for (let round = 0; round < 2; round += 1)
      for (const [index, token] of signed.entries()) expect(await tokens.verify(token)).toEqual(users[index]);
  });
});
