// Runtime drift of MCP skills (the "rug pull" defence): a real MCP server (SDK v2) whose tools
// change between two runs; the tools accepted on the first connection live in the skill store.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyToolDef } from '../../src/core/tool.js';
import { runTool as run } from '../../src/runtime/run-tool.js';
import { createMcpSkill, type McpSkill } from '../../src/skills/mcp/mcp-skill.js';
import { followStore } from '../../src/skills/store/store-skills.js';
import { openSkillStore } from '../../src/skills/store/store.js';
import { DRIFT_V2 as v2, POISONED as poisoned, mcpFile, stdioServer, toolsFile } from './mcp-fixture-server.js';
import { postgres, root, sqlite } from './store-engines.js';

const bin = join(root, 'bin/agent-tools.js');
const open: McpSkill[] = [];
afterAll(async () => {
  for (const s of open) await s.close();
});
const names = (s: McpSkill) => s.tools.map((t) => t.name.split('__')[1]);

describe('MCP skill drift against the tools accepted before', { timeout: 90_000 }, () => {
  it('offers the unchanged tools, and says what changed in the others and that they are refused', async () => {
    const defs = toolsFile();
    const file = mcpFile({ name: 'tickets', server: stdioServer(['--defs', defs.path]) });
    const first = await createMcpSkill(file, { pins: null });
    open.push(first);
    expect(names(first)).toEqual(['create_ticket', 'search', 'close', 'ping', 'old', 'exit_server']);
    expect(first.drift).toBeUndefined();
    expect(first.acceptedPins).toBe(first.listedPins);
    await first.close();

    defs.write(v2);
    const second = await createMcpSkill(file, { pins: first.listedPins });
    open.push(second);
    expect(second.drift).toEqual({
      added: ['export_all'],
      removed: ['old'],
      changed: [
        { tool: 'close', fields: ['annotations'] },
        { tool: 'create_ticket', fields: ['description'] },
        { tool: 'search', fields: ['inputSchema'] },
      ],
    });
    expect(names(second)).toEqual(['ping', 'exit_server']);
    const refused = "refused until 'npx agent-tools skill refresh tickets' accepts it";
    expect(second.skipped).toEqual([
      { tool: 'export_all', reason: `new on the server since the skill's tools were accepted; ${refused}` },
      { tool: 'close', reason: `changed on the server since it was accepted (annotations); ${refused}` },
      { tool: 'create_ticket', reason: `changed on the server since it was accepted (description); ${refused}` },
      { tool: 'search', reason: `changed on the server since it was accepted (inputSchema); ${refused}` },
    ]);
    // the poisoned description reaches no model: no tool of the skill carries it
    expect(JSON.stringify(second.tools.map((t) => t.description))).not.toContain('id_rsa');
    expect(await run(second.tools[0]!, {})).toMatchObject({ isError: false, value: { tool: 'ping' } });
  });

  it('refuses a call when the server restarts with another definition of that tool', async () => {
    const defs = toolsFile();
    const s = await createMcpSkill(mcpFile({ name: 'restarts', server: stdioServer(['--defs', defs.path]) }), { pins: null });
    open.push(s);
    const tool = (n: string) => s.tools.find((t) => t.name === `restarts__${n}`)!;
    // tools that say nothing are destructive (the MCP spec's default): this test approves every call
    const whys: (string | undefined)[] = [];
    const runTool = (def: AnyToolDef, args: Record<string, unknown>) => run(def, args, { approve: (r) => (whys.push(r.why), true) });
    expect(await runTool(tool('create_ticket'), { title: 'a' })).toMatchObject({ isError: false });
    // destructive by default, not "marked destructive (destructive: true)": the server said nothing
    expect(whys).toEqual(['it is destructive: it mutates and does not say destructive: false']);
    defs.write(v2);
    const died = await runTool(tool('exit_server'), {});
    expect(died.isError && died.error).toMatch(/^MCP server of skill "restarts" stopped during the call/);
    expect(await runTool(tool('create_ticket'), { title: 'b' })).toEqual({
      isError: true,
      error: `MCP tool "create_ticket" of skill "restarts" changed on the server since it was accepted; refused until 'npx agent-tools skill refresh restarts' accepts it`,
    });
    expect(await runTool(tool('old'), {})).toEqual({
      isError: true,
      error: 'MCP skill "restarts": the server no longer offers the tool "old"',
    });
    expect(await runTool(tool('ping'), {})).toMatchObject({ isError: false, value: { tool: 'ping' } });
  });
});

// The whole flow through the store and the command line, on both store engines.
describe.each([sqlite, postgres])('MCP skill drift in the $name store', { timeout: 180_000 }, (engine) => {
  beforeAll(() => engine.start(), 120_000);
  afterAll(() => engine.stop());

  const cli = (location: string, ...args: string[]) => {
    const r = spawnSync(process.execPath, [bin, 'skill', ...args, '--store', location], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, NO_COLOR: '1' },
    });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  it('records the tools on the first run, refuses the changed ones on the next, and skill refresh accepts them', async () => {
    const location = await engine.fresh();
    const defs = toolsFile();
    const dir = mkdtempSync(join(tmpdir(), 'mcp-drift-skill-'));
    writeFileSync(
      join(dir, 'tickets.json'),
      JSON.stringify({ kind: 'mcp', name: 'tickets', description: 'The ticket tracker', server: stdioServer(['--defs', defs.path]) }),
    );
    expect(cli(location, 'install', join(dir, 'tickets.json')).status).toBe(0);
    expect(JSON.parse(cli(location, 'show', 'tickets', '--json').stdout).acceptedTools).toBeNull();

    // first run: the tools it lists are accepted and recorded
    const run1 = cli(location, 'run', 'tickets', '--tool', 'create_ticket', '--args', '{"title":"t1"}', '--yes');
    expect(run1.stderr).toBe('');
    expect(JSON.parse(run1.stdout)).toMatchObject({ tool: 'create_ticket', args: { title: 't1' } });
    const shown = JSON.parse(cli(location, 'show', 'tickets', '--json').stdout);
    expect(shown.acceptedTools.tools).toEqual(['close', 'create_ticket', 'exit_server', 'old', 'ping', 'search']);
    const store = await openSkillStore(location);
    const updatedAt = (await store.get('tickets')) as { updatedAt: string };
    expect(shown.updatedAt).toBe(updatedAt.updatedAt);

    // the server's tools change between two runs
    defs.write(v2);
    const run2 = cli(location, 'run', 'tickets', '--tool', 'create_ticket', '--args', '{"title":"t2"}', '--yes');
    expect(run2.status).toBe(2);
    expect(run2.stdout).toBe('');
    expect(run2.stderr).toBe(
      [
        `agent-tools: skill "tickets": its MCP server's tools differ from the ones accepted (changed: close (annotations), create_ticket (description), search (inputSchema); new: export_all; gone: old); the changed and new ones are not offered; review them with 'npx agent-tools skill refresh tickets --dry-run' and accept them with 'npx agent-tools skill refresh tickets'`,
        `agent-tools: skill "tickets": tool "create_ticket" is not offered: changed on the server since it was accepted (description); refused until 'npx agent-tools skill refresh tickets' accepts it`,
        '',
      ].join('\n'),
    );
    expect(cli(location, 'run', 'tickets', '--tool', 'ping').status).toBe(0);

    // a running server follows the store: it offers the unchanged tools now, all of them once accepted
    const problems: string[] = [];
    const follower = await followStore(store, undefined, { intervalMs: 50, onProblem: (p) => problems.push(p.message) });
    try {
      const offered = () =>
        follower.registry
          .activeTools()
          .map((t) => t.name.split('__')[1])
          .sort();
      expect(offered()).toEqual(['exit_server', 'ping']);
      expect(problems).toEqual([expect.stringContaining("its MCP server's tools differ from the ones accepted")]);

      const dry = cli(location, 'refresh', 'tickets', '--dry-run');
      expect(dry.status).toBe(1);
      expect(dry.stdout).toContain('skill tickets: 3 changed, 1 new, 1 gone since they were accepted (');
      expect(dry.stdout).toContain(
        [
          '  changed  create_ticket (description)',
          '    description:',
          '      - Create a ticket.',
          `      + ${poisoned}`,
          '  changed  search (inputSchema)',
          '    params: added forward_to',
        ].join('\n'),
      );
      expect(dry.stdout).toContain(
        '  changed  close (annotations)\n    annotation destructiveHint: (none) -> true\n    annotation readOnlyHint: true -> false',
      );
      expect(dry.stdout).toContain(
        '\n  new      export_all\n    description:\n      + Export everything.\n  gone     old\nnothing accepted (--dry-run)',
      );
      expect(JSON.parse(cli(location, 'show', 'tickets', '--json').stdout).acceptedTools).toEqual(shown.acceptedTools);

      const accepted = cli(location, 'refresh', 'tickets', '--json');
      expect(accepted.status).toBe(0);
      expect(JSON.parse(accepted.stdout)).toMatchObject({ skill: 'tickets', accepted: true, tools: 6, drift: { removed: ['old'] } });
      await expect
        .poll(offered, { timeout: 20_000, interval: 100 })
        .toEqual(['close', 'create_ticket', 'exit_server', 'export_all', 'ping', 'search']);
    } finally {
      await follower.stop();
      await store.close();
    }
    const run3 = cli(location, 'run', 'tickets', '--tool', 'create_ticket', '--args', '{"title":"t3"}', '--yes');
    expect(run3.stderr).toBe('');
    expect(JSON.parse(run3.stdout)).toMatchObject({ tool: 'create_ticket' });
    expect(cli(location, 'refresh', 'tickets').stdout).toBe('skill tickets: its 6 tools match the accepted ones\n');
    expect(cli(location, 'refresh', 'tickets', '--dry-run').status).toBe(0);
  });

  it('a first connection records its tools once, and a follower does not restart the skill for it', async () => {
    const location = await engine.fresh();
    const defs = toolsFile();
    const store = await openSkillStore(location);
    await store.install([{ raw: { kind: 'mcp', name: 'tickets', description: 'd', server: stdioServer(['--defs', defs.path]) } }]);
    const before = (await store.get('tickets')) as { updatedAt: string; toolPins: unknown };
    expect(before.toolPins).toBeNull();
    const follower = await followStore(store, undefined, { intervalMs: 50 });
    try {
      const skill = follower.registry.get('tickets');
      const after = (await store.get('tickets')) as { updatedAt: string; toolPins: { tools: Record<string, unknown> } };
      expect(Object.keys(after.toolPins.tools)).toHaveLength(6);
      expect(after.updatedAt).toBe(before.updatedAt);
      await new Promise((r) => setTimeout(r, 500));
      await follower.sync();
      expect(follower.registry.get('tickets')).toBe(skill);
      // a second process connecting first finds them recorded and is not the one to write them
      expect(
        await store.acceptTools('tickets', { version: 1, acceptedAt: 'x', tools: {} }, { first: { updatedAt: before.updatedAt } }),
      ).toBe(false);
    } finally {
      await follower.stop();
      await store.close();
    }
  });
});
