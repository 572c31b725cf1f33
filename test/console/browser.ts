/** Headless Chromium for the console tests: why it cannot run here, launch, screenshots, unlabelled controls. */

import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

/** Debian's Chromium, which .ci/run installs (apt-get install -y chromium) when missing. */
export const CHROMIUM = process.env.AGENT_TOOLS_CHROMIUM ?? '/usr/bin/chromium';

/** Why the browser tests cannot run here, or undefined when they can. */
export function noBrowserReason(): string | undefined {
  return existsSync(CHROMIUM)
    ? undefined
    : `${CHROMIUM} is not installed (apt-get install -y chromium); the console's browser tests are skipped`;
}

/**
 * Launches headless Chromium with a fresh profile folder, offline-minded flags (no
 * background networking, updates, sync or QUIC: nothing leaves 127.0.0.1) and, since CI
 * runs as root, --no-sandbox.
 */
export async function launch(): Promise<BrowserContext> {
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'console-chromium-'));
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1200, height: 900 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** Saves a full-page screenshot under `dir`, prints its path and returns it. */
export async function screenshot(page: Page, dir: string, name: string): Promise<string> {
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  console.log(`screenshot: ${path}`);
  return path;
}

/**
 * The controls in `page`'s main area that have no accessible name, read from Chromium's
 * accessibility tree (Playwright's ARIA snapshot): an empty list means every control is labelled.
 */
export async function unlabelledControls(page: Page): Promise<string[]> {
  const tree = await page.locator('body').ariaSnapshot();
  return tree
    .split('\n')
    .filter((line) => /^\s*- (textbox|searchbox|checkbox|switch|combobox|button|spinbutton|radio|slider)(\s*\[[^\]]*\])?:?\s*$/.test(line));
}
