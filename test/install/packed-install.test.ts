// The installs a user does, from the packed tarball, in fresh projects on the Node running the
// tests: with ai 7 and zod, with ai 5, and with install scripts off (the skill store then needs
// no native build: skill, serve and the console in Chromium use it). Needs the npm registry for ai
// and zod (reachable here and in CI).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, noBrowserReason } from '../console/browser.js';

const root = new URL('../..', import.meta.url).pathname;
let work: string;
let tarball: string;
/** The project installed with --ignore-scripts, its store holding tint_palette (the console step reuses it). */
let noScripts: string | undefined;

function npm(args: string[], cwd: string) {
  const r = spawnSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8', timeout: 240_000 });
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} in ${cwd}: exit ${r.status}\n${r.stderr}`);
  return r;
}

function project(name: string): string {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true, type: 'module' }));
  return dir;
}

/** Waits until `ok()` holds, up to `ms` ms. */
async function until(ok: () => boolean, ms = 30_000): Promise<void> {
  for (const end = Date.now() + ms; !ok(); await new Promise((r) => setTimeout(r, 100)))
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms`);
}

const node = (cwd: string, code: string) =>
  spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd, encoding: 'utf8', timeout: 60_000 });

/** A generateText loop through toolsToAI in the project: the model sends `{"n":"3"}`, the tool receives the number 3. */
const agentLoop = (modelCode: string) => `
import { generateText, stepCountIs } from 'ai';
import { defineTool } from 'agent-tools';
import { toolsToAI } from 'agent-tools/ai';
const seen = [];
const double = defineTool({ name: 'double', description: 'Doubles a number.', mutates: false, params: { n: { type: 'number', description: 'n', required: true } },
  execute: (_api, { n }) => { seen.push(n); return { doubled: n * 2 }; } });
${modelCode}
const result = await generateText({ model, tools: toolsToAI([double]), prompt: 'go', stopWhen: stepCountIs(3) });
process.stdout.write(JSON.stringify({ seen, text: result.text, steps: result.steps.length }));`;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'agent-tools-packed-'));
  // --ignore-scripts: pack the dist/ the test run built (prepack would rebuild it under the other tests' feet).
  npm(['pack', '--ignore-scripts', '--pack-destination', work], root);
  tarball = join(
    work,
    readdirSync(work).find((f) => f.endsWith('.tgz'))!,
  );
}, 300_000);

afterAll(() => {
  spawnSync('rm', ['-rf', work]);
});

describe('installing the packed tarball as a user does', { timeout: 300_000 }, () => {
  it('the packed package.json runs nothing at install time (npm 11 would list the script for the user to allow)', () => {
    const r = spawnSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const scripts = (JSON.parse(r.stdout) as { scripts: Record<string, string> }).scripts;
    expect(scripts.build, 'the packed manifest is the real one').toMatch(/tsc -p tsconfig\.build\.json/);
    const installTime = ['preinstall', 'install', 'postinstall', 'prepare', 'preprepare', 'postprepare'];
    expect(Object.keys(scripts).filter((s) => installTime.includes(s))).toEqual([]);
  });

  it('npm install agent-tools ai@7 zod: no peer conflict, and the AI SDK 7 loop calls a tool with "3" coerced to 3', () => {
    const dir = project('with-ai7');
    npm(['install', tarball, 'ai@7', 'zod'], dir);
    const r = node(
      dir,
      agentLoop(`import { MockLanguageModelV4 } from 'ai/test';
let step = 0;
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };
const model = new MockLanguageModelV4({ doGenerate: async () => step++ === 0
  ? { content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'double', input: '{"n":"3"}' }], finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage, warnings: [] }
  : { content: [{ type: 'text', text: 'done' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] } });`),
    );
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(JSON.parse(r.stdout)).toEqual({ seen: [3], text: 'done', steps: 2 });
    // a CommonJS project requires the adapter (require of an ES module, Node 22.12+): no top-level await in its module graph
    const cjs = spawnSync(
      process.execPath,
      ['-e', `const { toolsToAI } = require('agent-tools/ai'); process.stdout.write(Object.keys(toolsToAI([])).length + ' tools')`],
      { cwd: dir, encoding: 'utf8', timeout: 60_000 },
    );
    expect([cjs.status, cjs.stderr, cjs.stdout]).toEqual([0, '', '0 tools']);
  });

  it('npm install agent-tools ai@5: the AI SDK 5 loop runs through the same adapter (a LanguageModelV2 model)', () => {
    const dir = project('with-ai5');
    npm(['install', tarball, 'ai@5'], dir);
    const r = node(
      dir,
      agentLoop(`let step = 0;
const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };
const model = { specificationVersion: 'v2', provider: 'test', modelId: 'scripted', supportedUrls: {},
  doStream: async () => { throw new Error('not used'); },
  doGenerate: async () => step++ === 0
    ? { content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'double', input: '{"n":"3"}' }], finishReason: 'tool-calls', usage, warnings: [] }
    : { content: [{ type: 'text', text: 'done' }], finishReason: 'stop', usage, warnings: [] } };`),
    );
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(JSON.parse(r.stdout)).toEqual({ seen: [3], text: 'done', steps: 2 });
  });

  it('npm install --ignore-scripts agent-tools: skill install, list and serve work (the store is Node’s own SQLite); SIGTERM to npx stops serve --http', async () => {
    const dir = project('no-scripts');
    npm(['install', '--ignore-scripts', tarball], dir);
    noScripts = dir;
    const npx = (...args: string[]) =>
      spawnSync('npx', ['--no-install', 'agent-tools', ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const install = npx('skill', 'install', join(root, 'examples/canvas/skills/palette.json'));
    expect([install.status, install.stderr]).toEqual([0, '']);
    const list = npx('skill', 'list');
    expect([list.status, list.stderr]).toEqual([0, '']);
    expect(list.stdout).toMatch(/^tint_palette\s+tool\s+enabled/);
    writeFileSync(
      join(dir, 'tools.js'),
      `import { defineTool } from 'agent-tools';\nexport const ping = defineTool({ name: 'ping', description: 'Reply with pong', mutates: false, params: {}, execute: () => 'pong' });\n`,
    );
    // serve over stdio: the skills from the store are served beside the module's tools.
    const child = spawn('npx', ['--no-install', 'agent-tools', 'serve', 'tools.js'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const listed = new Promise<string[]>((resolve) => {
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const line = out.split('\n').find((l) => l.includes('"id":2'));
        if (line) resolve((JSON.parse(line) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name));
      });
    });
    const send = (m: object) => child.stdin.write(`${JSON.stringify(m)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'install-test', version: '1.0.0' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} });
    const names = await listed;
    child.kill();
    expect(names).toEqual(expect.arrayContaining(['ping', 'tint_palette']));
    expect(err).not.toMatch(/bindings|internal error|ExperimentalWarning/);
    // SIGTERM to npx: npm 11 passes it only to the `sh -c` it starts, which dies without passing it
    // on; the server notices its parent is gone and stops, closing its port
    const http = spawn('npx', ['--no-install', 'agent-tools', 'serve', '--http', '0', 'tools.js'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let httpErr = '';
    http.stderr.on('data', (c: Buffer) => (httpErr += c.toString()));
    await until(() => /http:\/\/127\.0\.0\.1:\d+\/mcp/.test(httpErr));
    const url = /http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(httpErr)![0];
    const server = spawnSync('pgrep', ['-f', `${dir}/node_modules/.bin/agent-tools serve --http`], { encoding: 'utf8' }).stdout.trim();
    expect(server).toMatch(/^\d+$/);
    http.kill('SIGTERM');
    await until(() => !existsSync(`/proc/${server}`) || /\) Z/.test(readFileSync(`/proc/${server}/stat`, 'utf8')));
    await expect(fetch(url)).rejects.toThrow();
    expect(httpErr).toMatch(/the process that started this one \(pid \d+\) has exited: stopping/);
  });

  it.skipIf(noBrowserReason())(
    'npm install --ignore-scripts agent-tools: the console shows the stored skills in Chromium, and its switch writes the store',
    async () => {
      expect(noScripts, 'the --ignore-scripts install above ran').toBeDefined();
      const dir = noScripts!;
      // its own process group, so the console behind npx (sh -c, then node) is stopped with it
      const child = spawn('npx', ['--no-install', 'agent-tools', 'console'], {
        cwd: dir,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NO_COLOR: '1' },
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      const browser = await launch();
      try {
        await until(() => out.includes('\n') || child.exitCode !== null, 60_000);
        expect(child.exitCode, err).toBeNull();
        const url = out.split('\n')[0]!.trim();
        expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
        const page = await browser.newPage();
        const pageErrors: string[] = [];
        page.on('pageerror', (e) => pageErrors.push(e.message));
        await page.goto(url);
        const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 20_000, interval: 100 });
        await poll(() => page.locator('header #store-line').textContent()).toBe('Skill store: .agent-tools/skills.db');
        const toggle = page.getByRole('switch', { name: 'Enable tint_palette' });
        await poll(() => toggle.isChecked()).toBe(true);
        await toggle.click();
        await poll(() => page.locator('li[data-skill="tint_palette"] .badge.off').count()).toBe(1);
        const list = spawnSync('npx', ['--no-install', 'agent-tools', 'skill', 'list', '--json'], { cwd: dir, encoding: 'utf8' });
        expect([list.status, list.stderr]).toEqual([0, '']);
        expect((JSON.parse(list.stdout) as { skills: { name: string; enabled: boolean }[] }).skills).toEqual([
          expect.objectContaining({ name: 'tint_palette', enabled: false }),
        ]);
        expect(pageErrors).toEqual([]);
        expect(err).not.toMatch(/bindings|internal error|ExperimentalWarning|\n\s+at /);
      } finally {
        await browser.close();
        if (child.exitCode === null) {
          process.kill(-child.pid!, 'SIGINT');
          await until(() => child.exitCode !== null || child.signalCode !== null);
        }
      }
    },
  );

  it('the optional peers are not installed: the command that needs one says so and exits 2, on a terminal too; installing it is the fix', () => {
    const dir = project('optional-peers');
    npm(['install', '--ignore-scripts', tarball], dir);
    for (const pkg of ['ai', 'handlebars', '@inquirer/prompts', 'pg', 'tsx', 'esbuild'])
      expect([pkg, existsSync(join(dir, 'node_modules', pkg))]).toEqual([pkg, false]);
    // agent-tools/ai without ai: importing it throws one error naming the peer and the command, not Node's link-time stack
    const imported = node(
      dir,
      `try { await import('agent-tools/ai'); } catch (e) { process.stdout.write(JSON.stringify([e.name, e.code, e.message])); }`,
    );
    expect([imported.stderr, JSON.parse(imported.stdout || 'null')]).toEqual([
      '',
      ['MissingPeerError', 'ENVIRONMENT', 'agent-tools/ai needs ai: npm install ai'],
    ]);
    const staticImport = node(dir, `import { toolsToAI } from 'agent-tools/ai';\nconsole.log(typeof toolsToAI);`);
    expect(staticImport.status).toBe(1);
    expect(staticImport.stderr).toContain('MissingPeerError: agent-tools/ai needs ai: npm install ai');
    expect(staticImport.stderr).not.toContain('ERR_MODULE_NOT_FOUND');
    const npx = (args: string[], input = '') =>
      spawnSync('npx', ['--no-install', 'agent-tools', ...args], {
        cwd: dir,
        input,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
    const spec = JSON.stringify({ name: 'get_node', description: 'Returns one node of the canvas by its id.', mutates: false, params: {} });
    const scaffold = npx(['scaffold'], spec);
    expect([scaffold.status, scaffold.stderr, scaffold.stdout]).toEqual([
      2,
      'agent-tools: scaffold needs handlebars: npm install -D handlebars\n',
      '',
    ]);
    expect(existsSync(join(dir, 'tools'))).toBe(false);
    const store = npx(['skill', 'list', '--store', 'postgres://me:secret@127.0.0.1:1/skills']);
    expect([store.status, store.stderr]).toEqual([2, 'agent-tools: a PostgreSQL skill store needs pg: npm install pg\n']);
    // a TypeScript tools module runs without tsx: a type imported without `type`, an enum, a `.js` specifier for a `.ts` file
    writeFileSync(join(dir, 'kind.ts'), `export enum Kind { Pong = 'pong' }\nexport type Reply = { text: string };\n`);
    writeFileSync(
      join(dir, 'tools.ts'),
      `import { defineTool, ToolDef } from 'agent-tools';\nimport { Kind, Reply } from './kind.js';\n` +
        `const r: Reply = { text: Kind.Pong };\nlet unused: ToolDef | undefined;\n` +
        `export const ping = defineTool({ name: 'ping', description: 'Reply with pong to check the server', mutates: false, params: {}, execute: () => r.text });\n`,
    );
    const call = npx(['call', 'tools.ts', 'ping']);
    expect([call.status, call.stderr, call.stdout.trim()]).toEqual([0, '', '"pong"']);
    // On a terminal, a destructive tool asks for approval with @inquirer/prompts: without it, the call
    // does not run and the message names the package; installed, the prompt asks.
    writeFileSync(
      join(dir, 'del.ts'),
      `import { defineTool } from 'agent-tools';\nexport const del = defineTool({ name: 'delete_node', description: 'Deletes one node by its id.', ` +
        `mutates: true, params: { id: { type: 'string', required: true, description: 'Node id' } }, execute: (_a: unknown, { id }) => ({ deleted: id }) });\n`,
    );
    const onTerminal = (steps: [string, string][]) =>
      spawnSync(
        'python3',
        [
          join(root, 'test/scaffold/pty-drive.py'),
          JSON.stringify(steps),
          'npx',
          '--no-install',
          'agent-tools',
          'call',
          'del.ts',
          'delete_node',
          '--id',
          'n1',
        ],
        {
          cwd: dir,
          encoding: 'utf8',
          env: { ...process.env, NO_COLOR: '1' },
        },
      );
    const unasked = onTerminal([]);
    expect(unasked.status, unasked.stdout).toBe(2);
    expect(unasked.stdout).toContain(
      'needs @inquirer/prompts, which is not installed. It did not run. Install @inquirer/prompts (npm install -D @inquirer/prompts) to be asked, run it again with --yes',
    );
    npm(['install', '-D', 'handlebars', '@inquirer/prompts'], dir);
    const asked = onTerminal([['Run delete_node?', 'y\r']]);
    expect(asked.status, asked.stdout).toBe(0);
    expect(asked.stdout).toContain('"deleted": "n1"');
    const again = npx(['scaffold'], spec);
    expect([again.status, again.stdout]).toEqual([0, expect.stringContaining('created tools/read/get-node.ts')]);
  });
});
