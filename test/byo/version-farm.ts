/** A user's project pinned to other versions of ai, zod and the MCP SDK, made of symlinks, and what its AI SDK sends. */

import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const modules = join(root, 'node_modules');

/**
 * A user's project pinned to other versions, made in a temp folder: the fixture's files copied
 * in, and a `node_modules` of symlinks to this checkout's packages in which some names point at
 * npm aliases instead (`{ zod: 'zod-v4-3', ai: 'ai-v5' }`). Run with `--preserve-symlinks`,
 * every package then resolves its own dependencies through the project's links, as a deduped
 * install would: the `ai-v5` copy converts schemas with the project's zod 4.3, not ours.
 * `base` is the `node_modules` whose packages are linked (this checkout's, or an
 * `installOnce` folder); pins always name this checkout's aliases.
 */
export function pinnedProject(fixture: string, pins: Record<string, string>, base = modules): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-pinned-'));
  cpSync(join(root, fixture), dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  const nm = join(dir, 'node_modules');
  mkdirSync(nm);
  for (const e of readdirSync(base, { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue;
    if (e.name.startsWith('@')) {
      mkdirSync(join(nm, e.name));
      for (const s of readdirSync(join(base, e.name))) link(join(e.name, s));
    } else link(e.name);
  }
  function link(name: string): void {
    const target = pins[name] ? join(modules, pins[name]) : join(base, name);
    symlinkSync(target, join(nm, name));
  }
  for (const name of Object.keys(pins)) if (!readdirSync(modules).includes(name) && !name.includes('/')) link(name);
  return dir;
}

/** Node's arguments to run a TypeScript file of a pinned project (see {@link pinnedProject}). */
export const PINNED_NODE_ARGS = ['--preserve-symlinks', '--import', 'tsx'];

/**
 * What the AI SDK of a pinned project sends to the model for an exported object of tools: the
 * project's `ai` runs `generateText` with its own mock model (`ai/test`), in a child process.
 *
 * @returns each tool as `{ name, description?, inputSchema }`, in the order sent.
 */
export function aiSdkSends(project: string, module: string, exportName = 'tools'): Record<string, unknown>[] {
  const script = `
import { generateText } from 'ai';
import * as mod from ${JSON.stringify(join(project, module))};
let sent;
const doGenerate = async (options) => { sent = options.tools; throw new Error('captured'); };
// ai 6 and 7 ship their mock model in ai/test; ai 5's needs msw, so a plain LanguageModelV2 stands in
const test = await import('ai/test').catch(() => ({}));
const Mock = test.MockLanguageModelV4 ?? test.MockLanguageModelV3;
const model = Mock
  ? new Mock({ doGenerate })
  : { specificationVersion: 'v2', provider: 'oracle', modelId: 'oracle', supportedUrls: {}, doGenerate, doStream: doGenerate };
try { await generateText({ model, prompt: 'hi', tools: mod[${JSON.stringify(exportName)}], maxRetries: 0 }); } catch {}
process.stdout.write(JSON.stringify(sent.map((t) => ({ name: t.name, ...(t.description !== undefined ? { description: t.description } : {}), inputSchema: t.inputSchema }))));
`;
  writeFileSync(join(project, 'oracle.ts'), script);
  const r = spawnSync(process.execPath, [...PINNED_NODE_ARGS, join(project, 'oracle.ts')], { cwd: project, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`oracle failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout) as Record<string, unknown>[];
}

/** Object keys sorted at every depth, so two JSON values compare byte for byte regardless of key order. */
export function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
    );
  return v;
}

/**
 * What export leaves out of a runtime listing by design: `execution` (the SDK lists
 * `{ taskSupport: 'forbidden' }` for every tool), `_meta`, and `$schema` inside `inputSchema`
 * and `outputSchema`.
 */
export function withoutStripped(tool: Record<string, unknown>): Record<string, unknown> {
  const { execution: _e, _meta: _m, outputSchema, inputSchema, ...rest } = tool;
  const { $schema: _s, ...schema } = inputSchema as Record<string, unknown>;
  if (outputSchema === undefined) return { ...rest, inputSchema: schema };
  const { $schema: _o, ...output } = outputSchema as Record<string, unknown>;
  return { ...rest, inputSchema: schema, outputSchema: output };
}
