// The human check at the parameters a server runs with by default (config.ts: ALTCHA_COST 5000,
// ALTCHA_MAX_NUMBER 10000). The flows' tests run it cheap (CHEAP_ALTCHA, and the billing world of
// billing-test-kit.ts) since a solve at these costs seconds; this one proves what production asks
// of a browser.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { ALTCHA_ALGORITHM, createHumanCheck } from './altcha.ts';

describe('the human check with the default parameters', () => {
  it('asks for PBKDF2/SHA-256 at cost 5000, with the answer between 5000 and 10000, and is solvable', async () => {
    const config = loadConfig({});
    expect({ cost: config.altchaCost, maxNumber: config.altchaMaxNumber }).toEqual({
      cost: 5_000,
      maxNumber: 10_000,
    });
    const check = createHumanCheck({
      hmacKey: 'k'.repeat(64),
      cost: config.altchaCost,
      maxNumber: config.altchaMaxNumber,
    });
    const challenge = await check.challenge();
    expect(challenge.parameters).toMatchObject({ algorithm: ALTCHA_ALGORITHM, cost: 5_000 });
    // Searched from 5000 on (a browser starts at 0, which only costs more): found, it lies in the range.
    const solution = await solveChallenge({ challenge, deriveKey, counterStart: 5_000, timeout: 30_000 });
    expect(solution?.counter).toBeGreaterThanOrEqual(5_000);
    expect(solution?.counter).toBeLessThan(10_000);
  });
});
