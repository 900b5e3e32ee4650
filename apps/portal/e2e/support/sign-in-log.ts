// Sign-ins of the whole run, per user. The server allows a user 30 sign-ins in 15 minutes
// (RATE_LIMITS.loginUser) and one address 100 (loginIp, and the run comes from one address): a
// suite that comes near either fails in whichever flow happens to run last. Every page of
// openPage (browser.ts) records its POSTs to /api/auth/login here, failed ones included (they
// count too), and the global teardown prints the table and fails the run above the budgets below,
// whatever the order of the files.
import { appendFileSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { expect, inject } from 'vitest';

/** Sign-ins of one user in one run: well under the server's 30, with room for new flows. */
export const SIGN_IN_BUDGET_PER_USER = 12;
/** All sign-ins of one run: well under the 100 the server allows one address. */
export const SIGN_IN_BUDGET_TOTAL = 75;

interface SignInRecord {
  username: string;
  file: string;
}

const repoRoot = resolve(import.meta.dirname, '../../../..');

/** The test file running now (for the table), as a path from the repository's root. */
function currentFile(): string {
  const path = expect.getState().testPath;
  return path ? relative(repoRoot, path) : 'unknown';
}

/** Returns the recorder for one page: call it with each sign-in attempt's username. */
export function signInRecorder(): (username: string) => void {
  const file = currentFile();
  const log = inject('signInLogPath');
  return (username) => {
    const record: SignInRecord = { username: username.trim().toLowerCase(), file };
    appendFileSync(log, `${JSON.stringify(record)}\n`);
  };
}

/** Prints the run's sign-ins per user and file; returns why the run is over budget, or null. */
export function checkSignIns(logPath: string): string | null {
  const records = readFileSync(logPath, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SignInRecord);
  const byUser = new Map<string, Map<string, number>>();
  for (const { username, file } of records) {
    const files = byUser.get(username) ?? new Map<string, number>();
    files.set(file, (files.get(file) ?? 0) + 1);
    byUser.set(username, files);
  }
  const total = (files: Map<string, number>) => [...files.values()].reduce((sum, n) => sum + n, 0);
  const rows = [...byUser.entries()].sort((a, b) => total(b[1]) - total(a[1]) || a[0].localeCompare(b[0]));
  const lines = rows.map(
    ([username, files]) =>
      `  ${username.padEnd(28)} ${String(total(files)).padStart(3)}  ${[...files.entries()]
        .map(([file, count]) => `${file.replace(/^apps\/portal\/e2e\//, '')} ${count}`)
        .join(', ')}`,
  );
  console.info(`Sign-ins of this run (${records.length} in all):\n${lines.join('\n')}`);
  const over = rows.filter(([, files]) => total(files) > SIGN_IN_BUDGET_PER_USER);
  const problems = over.map(
    ([username, files]) =>
      `${username} signed in ${total(files)} times (budget ${SIGN_IN_BUDGET_PER_USER} a user)`,
  );
  if (records.length > SIGN_IN_BUDGET_TOTAL) {
    problems.push(`${records.length} sign-ins in all (budget ${SIGN_IN_BUDGET_TOTAL})`);
  }
  if (problems.length === 0) return null;
  return `Too many sign-ins for the server's limits: ${problems.join('; ')}. Sign the file's customer in once and reuse the session (support/session.ts), or use another seeded customer (support/logins.ts).`;
}
