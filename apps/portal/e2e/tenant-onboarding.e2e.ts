// Issue 14 end to end: a second utility onboarded with the real CLIs, timed. The embedded database
// (PGlite) belongs to one process, so the CLIs cannot write into the shared end-to-end server's
// folder while it runs: this test runs its own compiled server on a fresh folder (the demo seeded
// at its first start), stops it, runs `tenant:create` and `tenant:import` as child processes on that
// folder, as an operator would, and starts it again. Then, on the new host name
// (power.harborfalls.localhost, which Chromium and this test send to 127.0.0.1), the new utility
// answers with its own brand, a customer of it signs up with an imported account and sees that
// account, and nothing of the demo; the demo on 127.0.0.1 is unchanged, and a host no utility
// owns is refused.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from './support/browser.ts';

const repoRoot = resolve(import.meta.dirname, '../../..');
// Its own port, beside the shared server's.
const port = Number(process.env.E2E_PORT ?? 8180) + 1000;
const HOST = 'power.harborfalls.localhost';
const EXAMPLE = join(repoRoot, 'apps/server/src/features/tenant-onboarding/example');
const DEMO_AUTHORIZATION = `Basic ${Buffer.from('gridfront-demo-portal:demo-portal-public-credential').toString('base64')}`;

const dataDir = mkdtempSync(join(tmpdir(), 'gridfront-onboarding-e2e-'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SEED_ACCOUNTS: '4',
  LOG_LEVEL: 'warn',
  ALTCHA_COST: '50',
  ALTCHA_MAX_NUMBER: '200',
  BILL_RUN_INTERVAL_SECONDS: '0',
  AUTOPAY_INTERVAL_SECONDS: '0',
  NOTIFICATIONS_INTERVAL_SECONDS: '0',
};
delete env.DATABASE_URL;
delete env.SMTP_URL;

let server: ChildProcess | undefined;
let browser: Browser | undefined;
let newAuthorization = '';
let onboardingSeconds = 0;

interface Answer {
  status: number;
  body: string;
  json: () => Record<string, unknown>;
}

/** An HTTP call to our server with the Host header of our choosing. */
function call(
  method: string,
  path: string,
  options: { host?: string; authorization?: string; token?: string; body?: unknown } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          host: `${options.host ?? HOST}:${port}`,
          ...(options.authorization ? { authorization: options.authorization } : {}),
          ...(options.token ? { 'x-access-token': options.token } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => done({ status: res.statusCode ?? 0, body, json: () => JSON.parse(body) }));
      },
    );
    req.on('error', fail);
    if (payload) req.write(payload);
    req.end();
  });
}

async function startServer(): Promise<void> {
  server = spawn(process.execPath, ['--enable-source-maps', join(repoRoot, 'apps/server/dist/server.js')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await call('GET', '/readyz', { host: '127.0.0.1' })).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error('the server did not become ready');
}

async function stopServer(): Promise<void> {
  if (!server || server.exitCode !== null) return;
  server.kill('SIGTERM');
  await once(server, 'exit');
}

/** Runs an npm script of the repository (the CLI as an operator runs it); resolves with its output. */
async function cli(
  script: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn('npm', ['run', '-s', script, '--', ...args], { cwd: repoRoot, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const [code] = (await once(child, 'exit')) as [number];
  return { code, stdout, stderr };
}

async function solvedCaptcha(): Promise<string> {
  const challenge = (
    await call('GET', '/api/auth/altcha', { authorization: newAuthorization })
  ).json() as unknown as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

beforeAll(async () => {
  // The demo utility, seeded at the first start; then the operator's part, timed.
  await startServer();
  await stopServer();
  const started = performance.now();
  const created = await cli('tenant:create', [
    '--name',
    'Harbor Falls Power',
    '--domain',
    HOST,
    '--theme',
    'lubbock',
    '--languages',
    'es,en',
  ]);
  if (created.code !== 0) throw new Error(`tenant:create failed: ${created.stderr}`);
  const credential = /client credential:\s+(\S+):(\S+)/.exec(created.stdout);
  const tenantId = /id:\s+([0-9a-f-]{36})/.exec(created.stdout)?.[1];
  if (!credential || !tenantId) throw new Error(`unexpected tenant:create output: ${created.stdout}`);
  newAuthorization = `Basic ${Buffer.from(`${credential[1]}:${credential[2]}`).toString('base64')}`;
  const imported = await cli('tenant:import', ['--tenant', tenantId, EXAMPLE]);
  if (imported.code !== 0) throw new Error(`tenant:import failed: ${imported.stderr}`);
  await startServer();
  onboardingSeconds = (performance.now() - started) / 1000;
  console.info(
    `onboarding (tenant:create, tenant:import, server restart): ${onboardingSeconds.toFixed(1)} s\n${created.stdout}\n${imported.stdout}`,
  );
  if (hasChromium) browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a second utility onboarded with the CLIs', () => {
  it('took minutes, not hours', () => {
    expect(onboardingSeconds).toBeGreaterThan(0);
    expect(onboardingSeconds).toBeLessThan(600);
  });

  it('running tenant:create again changes nothing; another name for the domain is refused', async () => {
    await stopServer();
    try {
      const again = await cli('tenant:create', ['--name', 'Harbor Falls Power', '--domain', HOST]);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain('already exists');
      expect(again.stdout).not.toContain('widget api key');
      const taken = await cli('tenant:create', ['--name', 'Someone Else', '--domain', HOST]);
      expect(taken.code).toBe(1);
      expect(taken.stderr).toContain(`The domain ${HOST} is taken`);
    } finally {
      await startServer();
    }
  }, 300_000);

  it('answers on its own host name with its own brand, and refuses the demo’s app there', async () => {
    const config = await call('GET', '/api/tenant', { authorization: newAuthorization });
    expect(config.status).toBe(200);
    expect(config.json()).toMatchObject({
      name: 'Harbor Falls Power',
      defaultTheme: 'lubbock',
      contentLanguage: 'es',
    });
    expect(config.body).not.toContain('Riverbend');
    expect((await call('GET', '/api/tenant', { authorization: DEMO_AUTHORIZATION })).status).toBe(401);
  });

  it('a customer of it signs up with an imported account and sees it, never the demo’s', async () => {
    const signup = await call('POST', '/api/auth/signup', {
      authorization: newAuthorization,
      body: {
        accountNumber: '7100000002',
        pin: '1937',
        // The demo's own login name: user names are per utility.
        username: 'demo',
        fullName: 'Noor Haddad',
        email: 'noor.haddad@example.net',
        password: 'Harbor@12345',
        confirmPassword: 'Harbor@12345',
        captcha: await solvedCaptcha(),
      },
    });
    expect(signup.status, signup.body).toBe(200);
    const mailbox = await call('GET', '/dev/mailbox/messages');
    const mails = JSON.parse(mailbox.body) as Array<{ to: string; text: string; subject: string }>;
    const codeMail = mails.find((mail) => mail.to === 'noor.haddad@example.net');
    expect(codeMail?.subject).toContain('Harbor Falls Power');
    const code = /\b(\d{6})\b/.exec(codeMail?.text ?? '')?.[1];
    const verified = await call('POST', '/api/auth/emailOTPVerify', {
      authorization: newAuthorization,
      body: { username: 'demo', code },
    });
    expect(verified.status, verified.body).toBe(200);
    const token = String(verified.json().accessToken);
    const details = await call('GET', '/api/oracle/getUserDetails', {
      authorization: newAuthorization,
      token,
    });
    expect(details.status, details.body).toBe(200);
    expect(details.body).toContain('7100000002');
    expect(details.body).toContain('9 Mill Street');
    expect(details.body).not.toMatch(/Riverbend|Jamie Demo/);
    // The administrator's invitation went out on this utility's name, in its first language.
    expect(
      mails.some((mail) => mail.to === `admin@${HOST}` && mail.subject.startsWith('Harbor Falls Power:')),
    ).toBe(true);
    // The demo's login is not a login here, and this session is not one of the demo's.
    const demoHere = await call('POST', '/api/auth/login', {
      authorization: newAuthorization,
      body: { username: 'demo', password: 'Demo@12345' },
    });
    expect(demoHere.status).toBe(401);
    const crossed = await call('GET', '/api/oracle/getUserDetails', {
      host: '127.0.0.1',
      authorization: DEMO_AUTHORIZATION,
      token,
    });
    expect(crossed.status).toBe(401);
  });

  it('a host no utility owns is refused, not served as the demo', async () => {
    const unknown = await call('GET', '/api/tenant', {
      host: 'nobody.localhost',
      authorization: DEMO_AUTHORIZATION,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json().message).toBe('No utility is configured for this host name');
  });
});

describe.runIf(hasChromium)('the onboarded utility in Chromium', () => {
  it('the new host name reaches its utility, the demo is unchanged', async () => {
    if (!browser) throw new Error('no browser');
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      // *.localhost is loopback in Chromium: the page is served by our server under the new name.
      await page.goto(`http://${HOST}:${port}/`);
      const theirs = await page.evaluate(
        async (authorization) => (await fetch('/api/tenant', { headers: { authorization } })).json(),
        newAuthorization,
      );
      expect(theirs).toMatchObject({ name: 'Harbor Falls Power' });

      const demo = await context.newPage();
      await demo.goto(`http://127.0.0.1:${port}/`);
      await expect
        .poll(() => demo.locator('header').innerText(), { timeout: 30_000 })
        .toContain('Riverbend Utilities');
      expect(await demo.locator('body').innerText()).not.toContain('Harbor Falls');
    } finally {
      await context.close();
    }
  }, 120_000);
});
