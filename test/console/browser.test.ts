/** Tests of the console page in a real Chromium: every section, every control labelled, switches reaching the store and clients. */

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getApi, registry } from '../../examples/canvas/registry.js';
import type { RunningConsole } from '../../src/console/server.js';
import { launch, noBrowserReason, screenshot, unlabelledControls } from './browser.js';
import { bin, cli, consoleOnExamples, root } from './helpers.js';

const skip = noBrowserReason();
if (skip) console.log(`SKIPPED: ${skip}`);
const shots = mkdtempSync(join(tmpdir(), 'console-screenshots-'));

let c: RunningConsole;
let store: string;
let browser: BrowserContext;
let page: Page;
let client: Client;
let changes = 0;
const pageErrors: string[] = [];
const foreign: string[] = [];
const enabledInCli = (name: string) =>
  JSON.parse(cli('skill', 'list', '--json', '--store', store).stdout).skills.find((s: any) => s.name === name)?.enabled;
const mcpNames = async () => (await client.listTools()).tools.map((t) => t.name);
/** expect.poll with room for a loaded machine (vitest's default is 1 s). */
const poll = <T>(fn: () => Promise<T> | T, timeout = 20_000) => expect.poll(fn, { timeout, interval: 100 });
/** Waits until `check` holds (the serve process polls the store; the page polls the console). */
async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(skip)('the console in a real browser (Chromium)', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    ({ console: c, store } = await consoleOnExamples({ toolbox: { module: 'examples/canvas/registry.ts', tools: registry, getApi } }));
    client = new Client({ name: 'console-browser-test', version: '1.0.0' });
    client.setNotificationHandler('notifications/tools/list_changed', () => void changes++);
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'serve', `${root}fixtures/adapters/font-tools.ts`, '--store', store],
        stderr: 'ignore',
      }),
    );
    browser = await launch();
    page = await browser.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('request', (r) => {
      if (!r.url().startsWith(`${c.origin}/`) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await client?.close();
    await c?.close();
    console.log(`screenshots are in ${shots}`);
  });

  it('opens with the token and shows the installed example skills, every control labelled', async () => {
    await page.goto(c.url);
    const cards = page.locator('li[data-skill]');
    await poll(() => cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-skill')))).toEqual([
      'brand_style',
      'layout_review',
      'tint_palette',
    ]);
    expect(new URL(page.url()).search).toBe(''); // the token left the address bar
    await poll(() => page.getByRole('switch', { name: 'Enable tint_palette' }).isChecked()).toBe(true);
    expect(await page.locator('li[data-skill="brand_style"] dd').allTextContents()).toContain('brand, style guide, 品牌');
    expect(await unlabelledControls(page)).toEqual([]);
    await page.getByLabel('Search skills').fill('品牌');
    await poll(() => cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-skill')))).toEqual(['brand_style']);
    await page.getByLabel('Search skills').fill('');
    await screenshot(page, shots, '1-skills');
  });

  it('switching a skill off (mouse and keyboard) reaches skill list --json and a connected MCP client', async () => {
    expect(await mcpNames()).toContain('tint_palette');
    const before = changes;
    await page.getByRole('switch', { name: 'Enable tint_palette' }).click();
    await until(() => changes > before, 'tools/list_changed');
    expect(await mcpNames()).not.toContain('tint_palette');
    expect(enabledInCli('tint_palette')).toBe(false);
    await poll(() => page.locator('li[data-skill="tint_palette"] .badge.off').count()).toBe(1);
    await screenshot(page, shots, '2-skills-switched-off');

    const sw = page.getByRole('switch', { name: 'Enable brand_style' });
    await sw.focus();
    const focused = await sw.elementHandle();
    await page.keyboard.press('Space');
    await until(() => enabledInCli('brand_style') === false, 'brand_style off via the keyboard');
    await poll(() => page.locator('li[data-skill="brand_style"] .badge.off').count()).toBe(1);
    // The card shows the new state in place: a replaced switch would drop a key press half done (Space toggles on key up).
    expect(await focused!.evaluate((el) => el.isConnected && el === el.ownerDocument.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await until(() => enabledInCli('brand_style') === true, 'brand_style on again');

    const back = changes;
    await page.getByRole('switch', { name: 'Enable tint_palette' }).click();
    await until(() => changes > back, 'tools/list_changed on enable');
    expect(await mcpNames()).toContain('tint_palette');
    expect(enabledInCli('tint_palette')).toBe(true);
  });

  it('installs a dropped skill file, shows an invalid one with its JSON paths, removes with a confirmation', async () => {
    await page.getByRole('link', { name: 'Install / remove' }).click();
    await page.getByLabel('choose skill files').setInputFiles({
      name: 'word-count.json',
      mimeType: 'application/json',
      buffer: readFileSync(`${root}fixtures/skills/word-count.json`),
    });
    await poll(() => page.locator('main pre').textContent()).toBe(
      'installed word_count (tool) from word-count.json (dropped in the console)',
    );
    expect(enabledInCli('word_count')).toBe(true);
    // A real drop: a DataTransfer holding the file, dropped on the drop zone.
    const broken = readFileSync(`${root}fixtures/skills/broken.json`, 'utf8');
    await page.locator('.drop').evaluate((zone, text) => {
      const g = globalThis as any; // runs in the page (this file is type-checked without the DOM library)
      const dt = new g.DataTransfer();
      dt.items.add(new File([text], 'broken.json', { type: 'application/json' }));
      zone.dispatchEvent(new g.DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, broken);
    await poll(() => page.getByRole('alert').textContent()).toBe('nothing installed; 5 problems:');
    expect(await page.locator('.problems').textContent()).toContain('broken.json: $.executor.timeoutMs: must be at most 30000 ms');
    await screenshot(page, shots, '3-install');

    await page.getByRole('button', { name: 'Remove word_count' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    expect(enabledInCli('word_count')).toBe(true);
    await page.getByRole('button', { name: 'Remove word_count' }).click();
    await screenshot(page, shots, '4-remove-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Remove word_count' }).click();
    await poll(() => page.locator('main pre').textContent()).toBe('removed word_count');
    expect(enabledInCli('word_count')).toBeUndefined();
  });

  it('Try it: a bad argument shows its error next to the field; good ones show the result, its duration and size', async () => {
    await page.getByRole('link', { name: 'Try it' }).click();
    await page.getByLabel('Tool', { exact: true }).selectOption('toolbox:create_shape');
    expect(await page.locator('[data-param="type"] select option').allTextContents()).toEqual(['(not set)', 'rectangle', 'ellipse']);
    await page.getByLabel('type (required)').selectOption('ellipse');
    await page.getByRole('spinbutton', { name: 'width' }).fill('0');
    await page.getByRole('textbox', { name: 'fill', exact: true }).fill('blue');
    await page.getByRole('button', { name: 'Run create_shape' }).click();
    await poll(() => page.locator('[data-param="width"] .error').textContent()).toBe('width: expected a number >= 1, received number 0');
    expect(await page.locator('[data-param="fill"] .error').textContent()).toBe(
      'fill: expected a hex color (#RGB, #RGBA, #RRGGBB or #RRGGBBAA), received string "blue"',
    );
    expect(await page.getByRole('spinbutton', { name: 'width' }).getAttribute('aria-invalid')).toBe('true');
    expect(await unlabelledControls(page)).toEqual([]);
    await screenshot(page, shots, '5-try-field-errors');

    await page.getByRole('spinbutton', { name: 'width' }).fill('40');
    await page.getByRole('textbox', { name: 'fill', exact: true }).fill('#2563EB');
    await page.getByRole('button', { name: 'Run create_shape' }).click();
    await poll(() => page.locator('[data-testid="run-stats"]').textContent()).toMatch(/^ok · \d+\.\d ms · \d+ bytes$/);
    const result = JSON.parse((await page.getByLabel('Result JSON').textContent()) ?? '');
    expect(result).toMatchObject({ type: 'ellipse', width: 40, fills: ['#2563EB'] });
    expect(await page.locator('[data-param] .error').allTextContents()).toEqual(
      Array(await page.locator('[data-param] .error').count()).fill(''),
    );
    await screenshot(page, shots, '6-try-result');

    await page.getByLabel('Tool', { exact: true }).selectOption('toolbox:export_svg');
    await page.getByRole('button', { name: 'Run export_svg' }).click();
    await poll(() => page.locator('img.result').count()).toBe(1);
    expect(await page.locator('img.result').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(
      0,
    );
  });

  it('Try it: a script skill shows its sandbox rules before it runs, then its result', async () => {
    await page.getByLabel('Tool', { exact: true }).selectOption('skill:tint_palette:tint_palette');
    const rules = page.getByRole('note', { name: 'Sandbox rules' });
    expect(await rules.locator('li').first().textContent()).toBe(
      'Runs node (found on PATH by that name) on the code in the skill file; arguments arrive as JSON on stdin.',
    );
    await page.getByRole('textbox', { name: 'base (required)' }).fill('#2563EB');
    await page.getByRole('spinbutton', { name: 'steps' }).fill('3');
    await page.getByRole('button', { name: 'Run tint_palette' }).click();
    await poll(() => page.getByLabel('Result JSON').textContent(), 30_000).toContain('"tints"');
    expect(JSON.parse((await page.getByLabel('Result JSON').textContent()) ?? '')).toEqual(
      JSON.parse(cli('skill', 'run', 'tint_palette', '--args', '{"base":"#2563EB","steps":3}', '--store', store).stdout),
    );
    await screenshot(page, shots, '7-try-script-skill');
  });

  it('Router: typing a message shows the prompt skills it activates and the system prompt', async () => {
    await page.getByRole('link', { name: 'Router' }).click();
    await page.getByLabel('User message').fill('Apply the brand colors to the card, then review it for overlap');
    await poll(() => page.locator('main li strong').allTextContents()).toEqual(['brand_style', 'layout_review']);
    expect(await page.getByLabel('Resulting system prompt').textContent()).toContain('## Skill: brand_style\nUse only the brand palette');
    expect(await unlabelledControls(page)).toEqual([]);
    await screenshot(page, shots, '8-router');
  });

  it("Catalog: the toolbox by tier, each tier's token cost as a bar, and validate's findings", async () => {
    await page.getByRole('link', { name: 'Catalog' }).click();
    const bars = page.getByRole('list', { name: 'Token cost of each tier' });
    await bars.waitFor({ timeout: 90_000 });
    const rows = await bars.getByRole('listitem').allTextContents();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(new RegExp(`^core \\(${registry.core.length} tools\\)[\\d,]+ tokens$`));
    expect(rows[1]).toMatch(new RegExp(`^extended \\(${registry.extended.length} tools\\)[\\d,]+ tokens$`));
    // The bars are drawn to scale: the widest tier fills the track, the other in proportion to its tokens.
    const tokens = rows.map((r) => Number(/([\d,]+) tokens$/.exec(r)![1]!.replace(/,/g, '')));
    const widths = await bars.locator('.bar').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width));
    expect(widths[1]! / widths[0]!).toBeCloseTo(tokens[1]! / tokens[0]!, 1);
    expect(await page.getByTestId('catalog-clean').textContent()).toMatch(
      /^validate: no findings in \d+ files \(full profile, \d+ ms\)\.$/,
    );
    await page.locator('details[data-tier="core"] summary').click();
    expect(await page.locator('details[data-tier="core"] li code').first().textContent()).toBe(registry.core[0]!.name);
    expect(await unlabelledControls(page)).toEqual([]);
    await screenshot(page, shots, '9-catalog');
  });

  it('refuses the API without the token: a page opened without it says so', async () => {
    const other = await browser.newPage();
    await other.goto(`${c.origin}/`);
    await poll(() => other.locator('main .error').textContent()).toContain('No access token');
    await other.close();
  });

  it('fetched nothing but the console and threw no error', () => {
    expect(foreign).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
