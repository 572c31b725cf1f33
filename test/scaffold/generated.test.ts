/** Tests of scaffold output for every fixture spec: type-checks, equals the spec, registers, and its adapter and tests run. */

import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { generateText } from 'ai';
import { beforeAll, describe, expect, it } from 'vitest';
import { scriptedModel } from '../adapters/mock-model.js';
import { parseSpecs } from '../../src/scaffold/spec.js';
import { toolPaths } from '../../src/scaffold/render.js';
import { listFiles, root, runCli, tempProject, tscNoEmit } from './project.js';

const fixtureDir = join(root, 'fixtures/scaffold');
const fixtures = readdirSync(fixtureDir)
  .filter((f) => f.endsWith('.json'))
  .sort();

/** Imports a generated module through tsx, as a user's runtime would load it. */
async function load(file: string): Promise<Record<string, any>> {
  return (await tsImport(pathToFileURL(file).href, import.meta.url)) as Record<string, any>;
}

describe('scaffold output for every fixture spec', () => {
  let dir: string;
  beforeAll(() => {
    expect(fixtures.length).toBeGreaterThanOrEqual(3);
    dir = tempProject();
    for (const f of fixtures) {
      const r = runCli(dir, ['scaffold', '--with-test'], readFileSync(join(fixtureDir, f), 'utf8'));
      expect(r.stderr.includes('agent-tools:') ? r.stderr : '', f).toBe('');
      expect(r.status, f).toBe(0);
    }
  });

  it('type-checks with tsc --noEmit (strict, noUnusedLocals, noUnusedParameters)', () => {
    const r = tscNoEmit(dir);
    expect(r.output).toBe('');
    expect(r.status).toBe(0);
  });

  it.each(fixtures)('%s: the imported tool equals the spec, string for string', async (f) => {
    const specs = parseSpecs(JSON.parse(readFileSync(join(fixtureDir, f), 'utf8')));
    for (const spec of specs) {
      const mod = await load(join(dir, 'tools', toolPaths(spec).file));
      const tool = mod[toolPaths(spec).ident];
      expect(tool.name).toBe(spec.name);
      expect(tool.description).toBe(spec.description);
      expect(tool.title).toBe(spec.title);
      expect(tool.mutates).toBe(spec.mutates);
      // a mutating tool that the spec leaves undecided is written destructive: the MCP spec's safe default
      expect(tool.destructive).toBe(spec.mutates ? spec.destructive !== false : spec.destructive === true ? true : undefined);
      expect(tool.params).toStrictEqual(spec.params);
      expect(tool.output).toStrictEqual(spec.output);
      for (const [key, def] of Object.entries(spec.params)) {
        expect(Object.keys(tool.params[key]).sort()).toEqual(Object.keys(def).sort());
        expect(tool.params[key].description).toBe(def.description);
      }
      // a destructive tool (the MCP default) runs its code only through runTool: the generated vitest file below does that
      if (tool.destructive ?? tool.mutates !== false)
        expect(() => tool.execute({}, {})).toThrow(`Tool "${spec.name}" asks for approval (it is destructive), so its execute runs only`);
      else await expect(async () => tool.execute({}, {})).rejects.toThrow(`${spec.name} is not implemented yet`);
    }
  });

  it('builds a registry with every tool in its tier', async () => {
    const mod = await load(join(dir, 'tools/registry.ts'));
    const all = fixtures.flatMap((f) => parseSpecs(JSON.parse(readFileSync(join(fixtureDir, f), 'utf8'))));
    expect(mod.registry.core.map((t: { name: string }) => t.name)).toEqual(all.filter((s) => s.tier === 'core').map((s) => s.name));
    expect(mod.registry.extended.map((t: { name: string }) => t.name)).toEqual(all.filter((s) => s.tier === 'extended').map((s) => s.name));
    expect(mod.ALL_TOOLS).toHaveLength(all.length);
  });

  // The adapter layer a new toolbox gets runs a real AI SDK loop
  it('writes an adapter whose createAgentTools logs every call, spends the step budget and runs the hooks', async () => {
    const { createAgentTools } = await load(join(dir, 'tools/adapter.ts'));
    const seen: string[] = [];
    const agent = createAgentTools({
      maxSteps: 2,
      getApi: () => ({ doc: 1 }),
      onBeforeExecute: (def: { name: string }) => void seen.push(`before ${def.name}`),
      onAfterExecute: (def: { name: string }, _args: unknown, result: unknown) =>
        void seen.push(`after ${def.name} ${JSON.stringify(result).slice(0, 40)}`),
    });
    const all = fixtures.flatMap((f) => parseSpecs(JSON.parse(readFileSync(join(fixtureDir, f), 'utf8'))));
    expect(Object.keys(agent.tools).sort()).toEqual(all.map((s) => s.name).sort());
    // a model that never stops calling set_font: the budget (2) ends the run
    const model = scriptedModel(() => [{ toolName: 'set_font', input: '{"id":"n1","weight":700}' }]);
    await generateText({ model, tools: agent.tools, stopWhen: agent.stopWhen, prompt: 'bold it' });
    expect(agent.budget.remaining).toBe(0);
    expect(agent.log.map((e: { tool: string; args: unknown; error?: string }) => [e.tool, e.args, e.error?.slice(0, 35)])).toEqual([
      ['set_font', { id: 'n1', weight: 700 }, 'set_font is not implemented yet (mo'],
      ['set_font', { id: 'n1', weight: 700 }, 'set_font is not implemented yet (mo'],
    ]);
    expect(seen).toEqual([
      'before set_font',
      'after set_font {"error":"set_font is not implemented ye',
      'before set_font',
      'after set_font {"error":"set_font is not implemented ye',
    ]);
  });

  it('writes vitest files that pass when run', () => {
    const tests = listFiles(join(dir, 'tools')).filter((f) => f.endsWith('.test.ts'));
    const toolCount = fixtures.flatMap((f) => parseSpecs(JSON.parse(readFileSync(join(fixtureDir, f), 'utf8')))).length;
    expect(tests).toHaveLength(toolCount);
    const r = spawnSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--root', dir, '--reporter', 'dot'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.stdout + r.stderr).toMatch(new RegExp(`Tests\\s+${toolCount * 3} passed \\(${toolCount * 3}\\)`));
    expect(r.status).toBe(0);
  });
});

describe('escaping user text', () => {
  it('gives back lone surrogates, control characters and line separators exactly', async () => {
    const dir = tempProject();
    const description = 'a\u0000b\u0007c\u001bd\u007f \ud800 lone \udc00 end\u2028\u2029`${x}`\\\'"*/';
    const spec = { name: 'odd_chars', description, mutates: false, params: { x: { type: 'string', description } } };
    const r = runCli(dir, ['scaffold'], JSON.stringify(spec));
    expect(r.status).toBe(0);
    const source = readFileSync(join(dir, 'tools/read/odd-chars.ts'), 'utf8');
    expect(source).not.toContain('\ufffd');
    const mod = await load(join(dir, 'tools/read/odd-chars.ts'));
    expect(mod.oddCharsTool.description).toBe(description);
    expect(mod.oddCharsTool.params.x.description).toBe(description);
    expect(tscNoEmit(dir).status).toBe(0);
  });
});
