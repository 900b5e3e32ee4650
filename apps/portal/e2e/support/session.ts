// One sign-in per file and customer. A user's sign-ins are limited (30 in 15 minutes) and the whole
// suite runs against one server, so a file signs its customer in once, through the Login page, and
// opens its other pages with the session that sign-in left (the context's cookies and
// localStorage): each page is still a fresh context, already signed in. A file runs in a minute or
// two, far inside the access token's 15 minutes, so no page has to renew it (renewing would turn
// the stored refresh cookie into a reused one for the next page).
import type { UserDetailsResponse } from '@gridfront/contracts';
import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import { baseUrl, type OpenedPage, openPage, type StoredSession, signIn } from './browser.ts';
import type { Login } from './logins.ts';

type PageOptions = NonNullable<Parameters<typeof openPage>[1]>;

export class FileSession {
  #stored: StoredSession | undefined;

  constructor(readonly login: Login) {}

  get username(): string {
    return this.login.username;
  }

  /**
   * Signs in on this page through the Login page (it lands on /home) and keeps the session for the
   * file's next pages. For the flow that checks the sign-in itself, or waits for what it loads.
   */
  async signIn(page: Page): Promise<void> {
    await signIn(page, this.login.username, this.login.password);
    this.#stored = await page.context().storageState();
  }

  /** The kept session; the first call of a file that has not signed in yet signs in on a page of its own. */
  async #session(browser: Browser): Promise<StoredSession> {
    if (!this.#stored) {
      const first = await openPage(browser);
      try {
        await this.signIn(first.page);
      } finally {
        await first.context.close();
      }
    }
    if (!this.#stored) throw new Error(`${this.login.username} did not sign in`);
    return this.#stored;
  }

  /** A fresh context with the file's session, on /home as after signing in. */
  async openPage(browser: Browser, options: Omit<PageOptions, 'storageState'> = {}): Promise<OpenedPage> {
    const opened = await openPage(browser, { ...options, storageState: await this.#session(browser) });
    await opened.page.goto('/home');
    await opened.page.waitForURL('**/home');
    return opened;
  }

  /** The session's access token, for calls a flow makes to the API itself. */
  async accessToken(browser: Browser): Promise<string> {
    const token = (await this.#session(browser)).cookies.find((cookie) => cookie.name === 'accessToken');
    if (!token) throw new Error(`no access token cookie in ${this.login.username}'s session`);
    return token.value;
  }

  /** GET /oracle/getUserDetails for this customer, as the portal reads it. */
  async userDetails(browser: Browser): Promise<UserDetailsResponse> {
    const response = await fetch(`${baseUrl()}/api/oracle/getUserDetails`, {
      headers: {
        Authorization: inject('clientAuthorization'),
        Accept: 'application/json',
        'X-Access-Token': await this.accessToken(browser),
      },
    });
    if (!response.ok) throw new Error(`getUserDetails answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as UserDetailsResponse;
  }
}
