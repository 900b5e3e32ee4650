// The demo utility's shared state, as the files that change it through /admin keep and restore it.
// Every e2e file runs against one server and database, so a file that changes the demo's brand,
// settings or content reads what it was before its flow (beforeAll) and writes it back through the
// API in afterAll: a failing step cannot leave the demo changed for the files after it. The calls
// go with the administrator's token of the file's FileSession (one sign-in for the file).
import { ACCESS_TOKEN_HEADER } from '@gridfront/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { baseUrl } from './browser.ts';
import { ADMIN } from './logins.ts';
import { FileSession } from './session.ts';

export type AdminCall = <T = unknown>(
  method: 'GET' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
) => Promise<T>;

/** The file's administrator session (sign in once, then open pages and call the API with it). */
export function adminSession(): FileSession {
  return new FileSession(ADMIN);
}

/** Calls /api{path} with the session's access token (its administrator's, or its customer's); throws on anything but 2xx. */
export async function sessionApi(session: FileSession, browser: Browser): Promise<AdminCall> {
  const token = await session.accessToken(browser);
  return async <T>(method: 'GET' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl()}/api${path}`, {
      method,
      headers: {
        authorization: inject('clientAuthorization'),
        [ACCESS_TOKEN_HEADER]: token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} /api${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  };
}

/**
 * Runs every restore step even when one throws, then throws the first failure: one broken step
 * must not keep the others from putting the demo back.
 */
export async function restoreAll(steps: (() => Promise<unknown>)[]): Promise<void> {
  const failures: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}

export interface DemoState<T> {
  /** The admin API read of the state, e.g. '/admin/settings'. */
  path: string;
  /** Writes `before` back. */
  restore: (api: AdminCall, before: T) => Promise<unknown>;
  /** The part of the state restore puts back, compared before and after. */
  compared: (state: T) => unknown;
}

/**
 * Keeps the demo's `state` for the file: reads it before the flows (beforeAll), writes it back and
 * checks it afterwards (afterAll). Call it after the hooks that connect and close `browser`: hooks
 * after the tests run in reverse order, so the state is put back before the browser closes.
 */
export function keepDemoState<T>(admin: FileSession, browser: () => Browser, state: DemoState<T>): void {
  let api: AdminCall | undefined;
  let before: T | undefined;
  beforeAll(async () => {
    api = await sessionApi(admin, browser());
    before = await api<T>('GET', state.path);
  });
  afterAll(async () => {
    if (!api || before === undefined) return;
    await state.restore(api, before);
    expect(state.compared(await api<T>('GET', state.path))).toEqual(state.compared(before));
  });
}
