// Where Debian's Chromium is and how the end-to-end run starts it (once, in global-setup.ts). Test
// tools may not download browsers here, so the executable comes from CHROMIUM_PATH or /usr/bin/chromium.
import { existsSync } from 'node:fs';
import type { LaunchOptions } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(chromiumPath);

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: chromiumPath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
