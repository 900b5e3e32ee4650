// A PostgreSQL cluster of a test's own, on a free loopback port, that the test may stop and start
// at will without disturbing the run's shared server. Needs the PostgreSQL server binaries, which
// CI installs; without them the test fails and says what to install.
import { execFile } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const startScript = fileURLToPath(new URL('../../../../scripts/postgres-start.sh', import.meta.url));

export interface ThrowawayPostgres {
  /** The cluster's `postgres` database. */
  url: string;
  /** Stops the server as an administrator's fast shutdown does: every connection is closed. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it and deletes its files. */
  destroy(): Promise<void>;
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  let versions: string[] = [];
  try {
    versions = readdirSync(root).sort((a, b) => Number(a) - Number(b));
  } catch {
    // No PostgreSQL installed at all: reported below.
  }
  const newest = versions.at(-1);
  if (!newest) throw new Error('This test needs the PostgreSQL server binaries: apt-get install postgresql');
  return join(root, newest, 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Runs pg_ctl as the account that owns the cluster (postgres when the test runs as root). */
async function pgCtl(dir: string, ...args: string[]): Promise<void> {
  const command = [join(postgresBin(), 'pg_ctl'), '-D', dir, ...args].map((part) => `'${part}'`).join(' ');
  if (process.getuid?.() === 0) await run('su', ['postgres', '-s', '/bin/bash', '-c', command]);
  else await run('bash', ['-c', command]);
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  postgresBin();
  const dir = await mkdtemp(join(tmpdir(), 'gridfront-throwaway-pg-'));
  const port = String(await freePort());
  const start = async () => {
    await run('bash', [startScript, port, dir]);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => pgCtl(dir, '-w', '-m', 'fast', 'stop'),
    start,
    async destroy() {
      await pgCtl(dir, '-w', '-m', 'immediate', 'stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
