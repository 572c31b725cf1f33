/** Tests of the Approve / Deny dialog of Try it in a real Chromium: labelled, focused on Deny, each answer recorded. */

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getApi, registry } from '../../examples/canvas/registry.js';
import { useCanvas } from '../../examples/canvas/api.js';
import { createSampleCanvas } from '../../examples/canvas/canvas/sample.js';
// the built console: it must run the tools with the copy of agent-tools the example toolbox imports (the package, dist/)
import { startConsole, type RunningConsole } from '../../dist/console/server.js';
import { launch, noBrowserReason, screenshot, unlabelledControls } from './browser.js';

const skip = noBrowserReason();
if (skip) console.log(`SKIPPED: ${skip}`);
const shots = mkdtempSync(join(tmpdir(), 'console-approval-screenshots-'));

let c: RunningConsole;
let browser: BrowserContext;
let page: Page;
const pageErrors: string[] = [];
/** expect.poll with room for a loaded machine (vitest's default is 1 s). */
const poll = <T>(fn: () => Promise<T> | T, timeout = 20_000) => expect.poll(fn, { timeout, interval: 100 });

const DIALOG = 'Run delete_node? It needs approval';
const APPROVE = 'Approve: run delete_node with these arguments';
const DENY = 'Deny: do not run delete_node';

/** Fills Try it for delete_node of `id`, presses Run and returns the approval dialog (not yet answered). */
async function runDelete(id: string) {
  await page.getByRole('textbox', { name: 'id (required)' }).fill(id);
  await page.getByRole('button', { name: 'Run delete_node', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: DIALOG });
  await dialog.waitFor({ timeout: 20_000 });
  return dialog;
}

// The canvas toolbox's delete_node says destructive: true, so Try it asks before it runs; the
// console runs in this process, so the test reads the canvas the tool would change.
describe.skipIf(skip)("the console's Approve / Deny dialog in a real browser (Chromium)", { timeout: 120_000 }, () => {
  beforeAll(async () => {
    useCanvas(createSampleCanvas());
    const store = join(mkdtempSync(join(tmpdir(), 'console-approval-')), 'skills.db');
    c = await startConsole({ store, toolbox: { module: 'examples/canvas/registry.ts', tools: registry, getApi } });
    browser = await launch();
    page = await browser.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(c.url);
    await page.getByRole('link', { name: 'Try it' }).click();
    await page.getByLabel('Tool', { exact: true }).selectOption('toolbox:delete_node');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await c?.close();
    console.log(`screenshots are in ${shots}`);
  });

  it('a destructive call opens a labelled modal dialog with the tool, why and the arguments; Deny has the focus', async () => {
    const dialog = await runDelete('n6');
    expect(await dialog.ariaSnapshot()).toBe(
      [
        `- dialog "${DIALOG}":`,
        `  - heading "${DIALOG}" [level=3]`,
        `  - paragraph: "${registry.get('delete_node')!.description} It needs approval because it is marked destructive (destructive: true)."`,
        '  - text: "{ \\"id\\": \\"n6\\" }"',
        `  - 'button "${APPROVE}"': Approve`,
        `  - 'button "${DENY}"': Deny`,
      ].join('\n'),
    );
    expect(await dialog.evaluate((d) => (d as unknown as { open: boolean }).open)).toBe(true);
    expect(await page.evaluate('document.activeElement?.getAttribute("aria-label")')).toBe(DENY);
    expect(await dialog.getByLabel('Arguments of delete_node').textContent()).toBe('{\n  "id": "n6"\n}');
    expect(await unlabelledControls(page)).toEqual([]);
    await screenshot(page, shots, '1-approval-dialog');
    await dialog.getByRole('button', { name: DENY }).click();
  });

  it('Deny: the tool does not run, the result says denied, and the approval line shows who decided', async () => {
    await poll(() => page.getByTestId('run-approval').textContent()).toBe('Approval: denied (the console user (Deny))');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByTestId('run-stats').textContent()).toMatch(/^isError · /);
    expect(await page.getByLabel('Result JSON').textContent()).toBe(
      'Tool "delete_node" was not approved (denied by the console user (Deny): denied in the console), so it did not run.',
    );
    expect(getApi().getNode('n6')).toBeDefined();
    await screenshot(page, shots, '2-denied');
  });

  it('Escape and a bare Enter (the focus is on Deny) deny too; neither runs the tool', async () => {
    for (const key of ['Escape', 'Enter']) {
      await page.getByTestId('run-approval').evaluate((el) => el.remove()); // so the next answer is the one read
      await runDelete('n6');
      await page.keyboard.press(key);
      await poll(() => page.getByTestId('run-approval').textContent()).toBe('Approval: denied (the console user (Deny))');
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(getApi().getNode('n6'), key).toBeDefined();
    }
  });

  it('Approve: the tool runs with the arguments shown, the result and the approval line say so', async () => {
    const dialog = await runDelete('n6');
    await dialog.getByRole('button', { name: APPROVE }).click();
    await poll(() => page.getByTestId('run-approval').textContent()).toBe('Approval: approved (the console user (Approve))');
    expect(await page.getByTestId('run-stats').textContent()).toMatch(/^ok · \d+\.\d ms · \d+ bytes$/);
    expect(JSON.parse((await page.getByLabel('Result JSON').textContent()) ?? '')).toEqual({ id: 'n6', ids: ['n6'], count: 1 });
    expect(getApi().getNode('n6')).toBeUndefined();
    expect(getApi().getNode('n3')).toBeDefined();
    await screenshot(page, shots, '3-approved');
  });

  it('a tool that is not destructive runs at once, with no dialog and no approval line', async () => {
    await page.getByLabel('Tool', { exact: true }).selectOption('toolbox:get_node');
    await page.getByRole('textbox', { name: 'id (required)' }).fill('n3');
    await page.getByRole('button', { name: 'Run get_node', exact: true }).click();
    await poll(() => page.getByLabel('Result JSON').textContent()).toContain('"id": "n3"');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByTestId('run-approval').count()).toBe(0);
  });

  it('threw no error in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
