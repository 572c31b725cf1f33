// The console started by the built CLI in a user's project: no bundled-demo text, the header's store, the empty color swatch, counts.

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, noBrowserReason, screenshot, unlabelledControls } from './browser.js';
import { bin, root } from './helpers.js';

const skip = noBrowserReason();
if (skip) console.log(`SKIPPED: ${skip}`);
const shots = mkdtempSync(join(tmpdir(), 'console-user-screenshots-'));

/** A user's project outside the repository: one tool with a color param in a registry's core, the package linked in node_modules. */
function userProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'console-user-project-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(root, join(dir, 'node_modules', 'agent-tools'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'my-agent', version: '1.0.0', type: 'module', private: true }));
  writeFileSync(
    join(dir, 'tools.ts'),
    `import { createRegistry, defineTool } from 'agent-tools';

/** Marks a word in the user's notes. */
export const highlightWord = defineTool({
  name: 'highlight_word',
  description: 'Highlight every occurrence of a word in the notes with a color.',
  mutates: false,
  params: {
    word: { type: 'string', required: true, description: 'The word to highlight' },
    color: { type: 'color', description: 'The highlight color' },
  },
  execute: (_api: unknown, { word, color }) => ({ word, color: color ?? null }),
});

export const registry = createRegistry({ core: [highlightWord], extended: [] });
`,
  );
  return dir;
}

/** Words only the bundled example (examples/canvas) has any business showing. */
const DEMO_WORDS = /canvas|examples\/|palette|brand|design assistant|\bcard\b|overlap/i;

/** Everything a user reads in the page: its text, and every placeholder, value and accessible label. */
const pageWords = (page: Page) =>
  page.evaluate(() => {
    const d = (globalThis as any).document;
    const fields = [...d.querySelectorAll('input, textarea, select, button, [aria-label]')].flatMap((e: any) => [
      e.getAttribute('placeholder') ?? '',
      e.getAttribute('aria-label') ?? '',
      typeof e.value === 'string' && e.type !== 'color' ? e.value : '',
    ]);
    return [d.body.innerText as string, ...fields].join('\n');
  });

/**
 * Counts the pixels of `el` (a screenshot of it, decoded in the page) that are strongly of
 * one hue: `blue` (the old default swatch, #2563eb) or `red`. Chromium draws an
 * `<input type="color">`'s swatch itself, so only its pixels tell what the user sees.
 */
async function huePixels(page: Page, el: Locator, hue: 'blue' | 'red'): Promise<number> {
  const png = (await el.screenshot()).toString('base64');
  return page.evaluate(
    async ([b64, which]) => {
      const g = globalThis as any;
      const bytes = Uint8Array.from(g.atob(b64) as string, (ch: string) => ch.charCodeAt(0));
      const bmp = await g.createImageBitmap(new g.Blob([bytes], { type: 'image/png' }));
      const ctx = new g.OffscreenCanvas(bmp.width, bmp.height).getContext('2d');
      ctx.drawImage(bmp, 0, 0);
      const px: Uint8ClampedArray = ctx.getImageData(0, 0, bmp.width, bmp.height).data;
      let n = 0;
      for (let i = 0; i < px.length; i += 4) {
        const [r, gr, b] = [px[i]!, px[i + 1]!, px[i + 2]!];
        if (which === 'blue' ? b > r + 80 && b > gr + 40 : r > gr + 120 && r > b + 120) n++;
      }
      return n;
    },
    [png, hue] as const,
  );
}

let project: string;
let child: ChildProcess;
let url: string;
let browser: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

describe.skipIf(skip)("the console started in a user's project (no example skills, no example toolbox)", { timeout: 120_000 }, () => {
  beforeAll(async () => {
    project = userProject();
    child = spawn(process.execPath, [bin, 'console', '--tools', 'tools.ts', '--store', 'skills.db'], {
      cwd: project,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    child.stdout!.setEncoding('utf8');
    const exited = once(child, 'exit').then(() => {
      throw new Error(`the console exited: ${stderr}`);
    });
    while (!stdout.includes('\n')) stdout += (await Promise.race([once(child.stdout!, 'data'), exited]))[0];
    url = stdout.trim();
    exited.catch(() => {}); // from here on, the console exits when afterAll stops it
    browser = await launch();
    page = await browser.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    if (child && child.exitCode === null) {
      child.kill('SIGINT');
      await once(child, 'exit');
    }
    console.log(`screenshots are in ${shots}`);
  });

  it('names the store in the page header on every section, even when the page opens on one that is not Skills', async () => {
    await page.goto(`${url}#try`);
    const line = page.locator('header #store-line');
    await expect.poll(() => line.textContent(), { timeout: 20_000 }).toBe(`Skill store: skills.db · Toolbox: tools.ts`);
    for (const section of ['Skills', 'Install / remove', 'Router', 'Catalog', 'Try it']) {
      await page.getByRole('link', { name: section }).click();
      expect(await line.textContent()).toBe(`Skill store: skills.db · Toolbox: tools.ts`);
      expect(await line.isVisible()).toBe(true);
    }
  });

  it('a section left while it loads never draws into the section shown next', async () => {
    await page.getByRole('link', { name: 'Skills' }).click();
    // Try it's one request is held 800 ms, so the user has moved on to Router before Try it can draw.
    let released!: () => void;
    const held = new Promise<void>((r) => (released = r));
    await page.route(
      '**/api/tools',
      async (route) => {
        await new Promise((r) => setTimeout(r, 800));
        await route.continue();
        released();
      },
      { times: 1 },
    );
    await page.getByRole('link', { name: 'Try it' }).click();
    await page.getByRole('link', { name: 'Router' }).click();
    await held;
    await new Promise((r) => setTimeout(r, 500));
    expect(await page.locator('main h2').allTextContents()).toEqual(['Router']);
    expect(await page.locator('main [data-param]').count()).toBe(0);
  });

  it('Install offers a generic example path, not the bundled example', async () => {
    await page.getByRole('link', { name: 'Install / remove' }).click();
    const path = page.getByRole('textbox', { name: 'Path to a skill file or folder on this machine' });
    expect(await path.getAttribute('placeholder')).toBe('./skills/my-skill.json');
    expect(await unlabelledControls(page)).toEqual([]);
    expect(await pageWords(page)).not.toMatch(DEMO_WORDS);
    await screenshot(page, shots, 'user-install');
  });

  it('Router starts with an empty base system prompt and a generic message hint', async () => {
    await page.getByRole('link', { name: 'Router' }).click();
    const base = page.getByRole('textbox', { name: 'Base system prompt' });
    expect(await base.inputValue()).toBe('');
    await expect
      .poll(() => page.locator('main p.muted').first().textContent())
      .toBe('No prompt skill is enabled in this store, so no message activates one: install one in Install / remove.');
    expect(await page.getByLabel('Resulting system prompt').textContent()).toBe('');
    expect(await unlabelledControls(page)).toEqual([]);
    expect(await pageWords(page)).not.toMatch(DEMO_WORDS);
    await screenshot(page, shots, 'user-router');
  });

  it('Try it: an empty color field shows a neutral swatch labelled "no color", a typed color shows that color', async () => {
    await page.getByRole('link', { name: 'Try it' }).click();
    const picker = page.locator('[data-param="color"] input[type="color"]');
    await picker.waitFor();
    expect(await picker.getAttribute('aria-label')).toBe('color: pick a color (no color chosen)');
    expect(await huePixels(page, picker, 'blue')).toBe(0);
    await page.getByRole('textbox', { name: 'color', exact: true }).fill('#FF0000');
    expect(await picker.getAttribute('aria-label')).toBe('color: pick a color (now #FF0000)');
    expect(await huePixels(page, picker, 'red')).toBeGreaterThan(100);
    // #RGB is a color too (the param accepts it): the swatch shows it.
    await page.getByRole('textbox', { name: 'color', exact: true }).fill('#f00');
    expect(await huePixels(page, picker, 'red')).toBeGreaterThan(100);
    await page.getByRole('textbox', { name: 'color', exact: true }).fill('');
    expect(await picker.getAttribute('aria-label')).toBe('color: pick a color (no color chosen)');
    expect(await huePixels(page, picker, 'blue')).toBe(0);
    expect(await huePixels(page, picker, 'red')).toBe(0);
    // Empty stays empty: running sends no color.
    await page.getByRole('textbox', { name: 'word (required)' }).fill('agent');
    await page.getByRole('button', { name: 'Run highlight_word' }).click();
    await expect
      .poll(() => page.getByLabel('Result JSON').textContent(), { timeout: 20_000 })
      .toBe(JSON.stringify({ word: 'agent', color: null }, null, 2));
    expect(await unlabelledControls(page)).toEqual([]);
    expect(await pageWords(page)).not.toMatch(DEMO_WORDS);
    await screenshot(page, shots, 'user-try');
  });

  it('Catalog counts in words that agree with the number: "core (1 tool)", "extended (0 tools)"', async () => {
    await page.getByRole('link', { name: 'Catalog' }).click();
    const bars = page.getByRole('list', { name: 'Token cost of each tier' });
    await bars.waitFor({ timeout: 90_000 });
    const rows = await bars.getByRole('listitem').allTextContents();
    expect(rows.map((r) => r.replace(/[\d,]+ tokens$/, ''))).toEqual(['core (1 tool)', 'extended (0 tools)']);
    expect(rows[1]).toMatch(/\(0 tools\)0 tokens$/);
    expect(await page.locator('details[data-tier] summary').allTextContents()).toEqual(['core: 1 tool', 'extended: 0 tools']);
    expect(await page.locator('main p').first().textContent()).toBe('Toolbox tools.ts · 1 tool');
    expect(
      await page
        .getByTestId('catalog-clean')
        .or(page.getByRole('table', { name: 'Findings of validate' }))
        .textContent(),
    ).toMatch(/in 1 file \(/);
    expect(await pageWords(page)).not.toMatch(DEMO_WORDS);
    await screenshot(page, shots, 'user-catalog');
  });

  it('Skills: an empty store says so; after an install from the project, the count agrees with the number', async () => {
    await page.getByRole('link', { name: 'Skills' }).click();
    await expect.poll(() => page.locator('main').textContent()).toContain('No skills installed yet');
    expect(await pageWords(page)).not.toMatch(DEMO_WORDS);
    mkdirSync(join(project, 'skills'));
    copyFileSync(`${root}fixtures/skills/word-count.json`, join(project, 'skills', 'word-count.json'));
    await page.getByRole('link', { name: 'Install / remove' }).click();
    await page.getByRole('textbox', { name: 'Path to a skill file or folder on this machine' }).fill('./skills/word-count.json');
    await page.getByRole('button', { name: 'Install', exact: true }).click();
    await expect.poll(() => page.locator('main pre').textContent(), { timeout: 20_000 }).toMatch(/^installed word_count \(tool\)/);
    await page.getByRole('link', { name: 'Skills' }).click();
    await expect.poll(() => page.locator('main p[aria-live]').textContent()).toBe('1 of 1 skill · 1 enabled');
    await screenshot(page, shots, 'user-skills');
    expect(pageErrors).toEqual([]);
  });
});
