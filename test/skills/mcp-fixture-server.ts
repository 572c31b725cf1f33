import { spawn, type ChildProcess } from 'node:child_process';
import { parseSkillFile } from '../../src/skills/external-skill.js';
import type { McpSkillFile } from '../../src/skills/skill-file-schema.js';

const root = new URL('../..', import.meta.url).pathname;

/** The MCP server on the official SDK v2 the MCP skill tests talk to (its flags are described in the file). */
export const V2_SERVER = `${root}fixtures/skills/mcp/v2-tool-server.mjs`;

/** A validated MCP skill file: `raw` plus kind and description. @throws when it does not validate. */
export function mcpFile(raw: Record<string, unknown>): McpSkillFile {
  const r = parseSkillFile({ kind: 'mcp', description: 'test server', ...raw });
  if (!r.ok || r.skill.kind !== 'mcp') throw new Error(JSON.stringify(r));
  return r.skill;
}

/** The `server` of a skill that starts {@link V2_SERVER} over stdio with `args`. */
export function stdioServer(args: readonly string[], env?: Record<string, string>) {
  return { command: process.execPath, args: [V2_SERVER, ...args], ...(env ? { env } : {}) };
}

/** {@link V2_SERVER} over Streamable HTTP on 127.0.0.1: its URL, and `stop()` to end it. */
export async function startHttpServer(args: readonly string[], env: Record<string, string> = {}): Promise<{ url: string; stop(): void }> {
  const child: ChildProcess = spawn(process.execPath, [V2_SERVER, '--http', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env },
  });
  const url = await new Promise<string>((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (c: Buffer) => {
      err += c.toString();
      const m = /listening at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}): ${err}`)));
  });
  return { url, stop: () => void child.kill() };
}
