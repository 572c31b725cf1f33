// New-user trial s5, finding 2: an MCP skill whose server is `agent-tools serve` of the same
// store started itself again and again (2 -> 19 serve processes in 30 s).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { tempPackage } from '../temp-package.js';
import { createMcpSkill } from '../../src/skills/mcp/mcp-skill.js';
import { parseSkillFile } from '../../src/skills/files/external-skill.js';

const root = new URL('../..', import.meta.url).pathname;
const bin = join(root, 'bin/agent-tools.js');
const env = { ...process.env, NO_COLOR: '1' } as Record<string, string>;
delete env.AGENT_TOOLS_SKILL_CHAIN;

/** Every setup's folder: if the guard ever breaks, the servers that start each other must not outlive the test. */
const setups: string[] = [];

/** SIGKILLs every process whose command line names `dir` (Linux /proc); returns how many. */
function killRunning(dir: string): number {
  if (!existsSync('/proc')) return 0;
  let killed = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    if (!cmdline.includes(dir)) continue;
    try {
      process.kill(Number(pid), 'SIGKILL');
      killed += 1;
    } catch {
      // gone meanwhile
    }
  }
  return killed;
}

afterEach(async () => {
  const dirs = setups.splice(0);
  // a server being started can start another: sweep until two sweeps in a row find none
  for (let quiet = 0, round = 0; quiet < 2 && round < 50; round++) {
    quiet = dirs.reduce((n, dir) => n + killRunning(dir), 0) === 0 ? quiet + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});

/** A module whose every load appends a line to `starts` (one line per serve process), and a store with the MCP skill "loop" serving it. */
function loopSetup() {
  const dir = tempPackage('skill-loop-');
  setups.push(dir);
  const starts = join(dir, 'starts.txt');
  writeFileSync(
    join(dir, 'tools.ts'),
    `import { appendFileSync } from 'node:fs';
import { createRegistry, defineTool } from 'agent-tools';
appendFileSync(${JSON.stringify(starts)}, process.pid + '\\n');
const ping = defineTool({ name: 'ping', mutates: false, description: 'Reply with pong to check the server', params: {}, execute: () => ({ pong: true }) });
export const registry = createRegistry({ core: [ping] });
`,
  );
  const store = join(dir, 'skills.db');
  const skill = {
    kind: 'mcp',
    name: 'loop',
    description: 'the same tools, served again',
    server: { command: process.execPath, args: [bin, 'serve', join(dir, 'tools.ts'), '--store', store] },
    tools: ['ping'],
  };
  writeFileSync(join(dir, 'loop.json'), JSON.stringify(skill));
  const r = spawnSync(process.execPath, [bin, 'skill', 'install', '--store', store, join(dir, 'loop.json')], {
    cwd: dir,
    encoding: 'utf8',
    env,
  });
  expect(r.status, r.stderr).toBe(0);
  const count = () => readFileSync(starts, 'utf8').split('\n').filter(Boolean).length;
  return { dir, store, count };
}

describe('an MCP skill that serves its own store', { timeout: 90_000 }, () => {
  it('serve starts the skill’s server once; that server leaves the skill out instead of starting itself', async () => {
    const { dir, store, count } = loopSetup();
    const client = new Client({ name: 'loop-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [bin, 'serve', 'tools.ts', '--store', store],
        cwd: dir,
        stderr: 'ignore',
        env,
      }),
    );
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['ping', 'loop__ping']);
      expect(await client.callTool({ name: 'loop__ping', arguments: {} })).toMatchObject({ structuredContent: { pong: true } });
    } finally {
      await client.close();
    }
    // the outer serve and the skill's serve: nothing more
    expect(count()).toBe(2);
  });

  it('skill run starts one server, which refuses the loop with a problem naming it', () => {
    const { dir, store, count } = loopSetup();
    const r = spawnSync(process.execPath, [bin, 'skill', 'run', 'loop', '--tool', 'ping', '--args', '{}', '--store', store], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
      env,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ pong: true });
    expect(count()).toBe(1);
    // what that server says, started as the skill starts it
    const s = spawnSync(process.execPath, [bin, 'serve', 'tools.ts', '--store', store], {
      cwd: dir,
      input: '',
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...env, AGENT_TOOLS_SKILL_CHAIN: 'loop' },
    });
    expect(s.stderr).toContain('agent-tools: skill "loop": skill "loop" would start itself: loop -> loop');
    expect(s.stderr).toContain('agent-tools: serving 1 tool from tools.ts');
    expect(count()).toBe(2);
  });

  it('a server that never answers: the timeout error names the skill and its command, and the server is ended', async () => {
    // a marker of this run in the server's command line, to find its process
    const code = `setInterval(() => {}, 1000); // mute ${process.pid}`;
    const r = parseSkillFile({
      kind: 'mcp',
      name: 'mute',
      description: 'never answers',
      server: { command: process.execPath, args: ['-e', code] },
    });
    if (!r.ok || r.skill.kind !== 'mcp') throw new Error(JSON.stringify(r));
    // the SDK v2 client says it without v1's "MCP error -32001:" prefix
    await expect(createMcpSkill(r.skill, { timeoutMs: 500 })).rejects.toThrow(
      `MCP skill "mute" (server: ${process.execPath} -e ${code}): Request timed out`,
    );
    // gone when the error is returned: a command that exits next leaves no server running (it ignores its stdin)
    const alive = spawnSync('pgrep', ['-f', `mute ${process.pid}`], { encoding: 'utf8' });
    expect(alive.stdout).toBe('');
  });

  it('skill run of an MCP skill whose server cannot start: a problem naming the skill and its command, not an internal error', () => {
    const { dir, store } = loopSetup();
    writeFileSync(
      join(dir, 'ghost.json'),
      JSON.stringify({
        kind: 'mcp',
        name: 'ghost',
        description: 'no such server',
        server: { command: '/nonexistent/server', args: ['x'] },
      }),
    );
    expect(
      spawnSync(process.execPath, [bin, 'skill', 'install', '--store', store, join(dir, 'ghost.json')], { cwd: dir, encoding: 'utf8', env })
        .status,
    ).toBe(0);
    const r = spawnSync(process.execPath, [bin, 'skill', 'run', 'ghost', '--store', store], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
      env,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^agent-tools: MCP skill "ghost" \(server: \/nonexistent\/server x\): .*ENOENT/);
    expect(r.stderr).not.toContain('internal error');
  });
});
