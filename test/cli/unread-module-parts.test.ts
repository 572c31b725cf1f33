/** call and serve say what they leave unused: arrays of tools under other names, approval rules that match no tool. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../scaffold/project.js';

const root = new URL('../..', import.meta.url).pathname;
let dir: string;

const run = (...args: string[]) => runCli(dir, args);

const HEAD = `import { defineTool } from ${JSON.stringify(join(root, 'dist/index.js'))};
const mk = (name) => defineTool({ name, description: 'A tool made in a loop for the test.', mutates: false, params: {}, execute: () => name });
export const more = [mk('a_tool'), mk('b_tool')];
`;
const ARRAY =
  'Export more is an array of tools, read only under the names CORE_TOOLS, EXTENDED_TOOLS or ALL_TOOLS: export it as one of those, ' +
  'or export a registry (createRegistry)';
const UNREAD = `agent-tools: warning: tools.mjs runs its tool exports (ping). ${ARRAY}\n`;
const DENY =
  'agent-tools: warning: approval.deny "pnig" of agent-tools.config.json matches no tool of tools.mjs (did you mean "ping"?), ' +
  'so it applies to none\n';
const ASK = 'agent-tools: warning: approval.ask "b_*" of agent-tools.config.json matches no tool of tools.mjs, so it applies to none\n';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'agent-tools-unread-parts-'));
  const ping = `export const ping = defineTool({ name: 'ping', description: 'Answers pong to show the server is up.', mutates: false,
  params: {}, execute: () => 'pong' });\n`;
  writeFileSync(join(dir, 'tools.mjs'), HEAD + ping);
  writeFileSync(join(dir, 'arrays.mjs'), HEAD);
  // deny guards nothing: a misspelt name; ask matches no tool this module runs
  writeFileSync(join(dir, 'agent-tools.config.json'), JSON.stringify({ approval: { deny: ['pnig'], ask: ['b_*'] } }));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('what call and serve leave unused is said', { timeout: 120_000 }, () => {
  it('call names the array of tools it does not run and each approval rule that matches no tool', () => {
    const r = run('call', 'tools.mjs', 'ping');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('"pong"\n');
    expect(r.stderr).toBe(ASK + DENY + UNREAD);
  });

  it('call --list says the same before the list', () => {
    const r = run('call', 'tools.mjs', '--list');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('ping  Answers pong to show the server is up.\n');
    expect(r.stderr).toBe(ASK + DENY + UNREAD);
  });

  it('serve says the same and serves the one tool', () => {
    const r = run('serve', 'tools.mjs', '--no-skills');
    expect(r.status).toBe(0);
    expect(r.stderr).toBe(`${ASK}${DENY}${UNREAD}agent-tools: serving 1 tool from tools.mjs (ping, tier core) over stdio\n`);
  });

  it('a module whose only tools are in such an array is refused with the names to use', () => {
    const r = run('call', 'arrays.mjs', '--list');
    expect(r.status).toBe(2);
    expect(r.stderr.endsWith(`; found exports more. ${ARRAY}\n`)).toBe(true);
  });
});
