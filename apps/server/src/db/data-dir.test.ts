import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedJwtSecret } from '../plugins/auth.ts';
import { openDatabase } from './client.ts';
import { secureDataDir } from './data-dir.ts';

const scratch = mkdtempSync(join(tmpdir(), 'gridfront-data-dir-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every path under root (root included) whose mode lets its group or others in, with that mode. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const stat = statSync(path);
    if (stat.mode & 0o077) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return found;
}

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('the embedded database folder', () => {
  it('is created private, and PGlite files stay private after writes', async () => {
    const dataDir = join(scratch, 'fresh', 'data');
    const lines: string[] = [];
    const handle = await openDatabase({ dataDir, log: (line) => lines.push(line) });
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      expect(openToOthers(dataDir)).toEqual([]);
      await handle.exec('create table balance (account text primary key, cents bigint)');
      await handle.exec("insert into balance select 'a' || n, n from generate_series(1, 2000) n");
      await handle.exec('checkpoint');
      // Whatever PGlite created while running sits behind a folder only this account can enter.
      expect(modeOf(dataDir)).toBe(0o700);
    } finally {
      await handle.close();
    }
    expect(openToOthers(dataDir)).toEqual([]);
    // Nothing was loosened, so nothing is announced.
    expect(lines).toEqual([]);
  });

  it('tightens an existing folder open to others, and says so', async () => {
    const dataDir = join(scratch, 'loose');
    const first = await openDatabase({ dataDir });
    await first.exec('create table secret (hash text)');
    await first.close();
    // What an older version (or a careless copy) left behind.
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'pg_hba.conf'), 0o666);
    chmodSync(join(dataDir, 'base'), 0o777);
    expect(openToOthers(dataDir)).toHaveLength(3);

    const lines: string[] = [];
    const handle = await openDatabase({ dataDir, log: (line) => lines.push(line) });
    try {
      expect(openToOthers(dataDir)).toEqual([]);
      expect(lines).toEqual([
        `Made 3 entries of ${dataDir} private to this account (they were open to others).`,
      ]);
      expect(await handle.db.execute('select count(*)::int as n from secret')).toBeDefined();
    } finally {
      await handle.close();
    }
  });

  it('walks only a database folder: one pointed at other files keeps their modes', () => {
    const notADatabase = join(scratch, 'project');
    mkdirSync(join(notADatabase, 'docs'), { recursive: true, mode: 0o755 });
    chmodSync(notADatabase, 0o755);
    writeFileSync(join(notADatabase, 'docs', 'readme.txt'), 'shared\n', { mode: 0o644 });
    expect(secureDataDir(notADatabase)).toBe(1);
    expect(modeOf(notADatabase)).toBe(0o700);
    expect(modeOf(join(notADatabase, 'docs'))).toBe(0o755);
    expect(modeOf(join(notADatabase, 'docs', 'readme.txt'))).toBe(0o644);
  });

  it('keeps the generated signing secret readable by this account only', () => {
    const dataDir = join(scratch, 'secret');
    const secret = embeddedJwtSecret(dataDir);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(modeOf(join(dataDir, '.jwt-secret'))).toBe(0o600);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(embeddedJwtSecret(dataDir)).toBe(secret);

    // A secret file left open to others (an older version, a copy) is tightened when read.
    const loose = join(scratch, 'loose-secret');
    mkdirSync(loose, { mode: 0o755 });
    writeFileSync(join(loose, '.jwt-secret'), 'short\n', { mode: 0o644 });
    const replaced = embeddedJwtSecret(loose);
    expect(replaced).not.toBe('short');
    expect(modeOf(join(loose, '.jwt-secret'))).toBe(0o600);
  });
});
