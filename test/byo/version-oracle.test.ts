import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { aiSdkSends, pinnedProject, sortKeys } from './version-farm.js';

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The zod versions claimed in docs/bring-your-own-tools.md, by the alias the tests install (`zod` is ours, 4.6). */
const ZOD_4 = [
  ['zod-v4-0', '4.0.17'],
  ['zod-v4-1', '4.1.13'],
  ['zod-v4-2', '4.2.1'],
  ['zod-v4-3', '4.3.6'],
  ['zod-v4-4', '4.4.3'],
  ['zod-v4-5', '4.5.4'],
  ['zod', '4.6.7'],
] as const;
const AI = [
  ['ai-v5', '5.0.87'],
  ['ai', '6.0.325'],
  ['ai-v7', '7.0.173'],
] as const;

/** Static export of a pinned project: each library tool as `{ name, description?, inputSchema }`, keys sorted. */
function staticTools(dir: string): unknown[] {
  const a = analyze(['.'], { cwd: dir });
  expect(a.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`)).toEqual([]);
  return a.tools.map((t) =>
    sortKeys({ name: t.name, ...(t.description ? { description: t.description } : {}), inputSchema: t.inputSchema }),
  );
}

describe('static export == what the AI SDK sends, per version (oracle: the pinned ai and zod run for real)', () => {
  for (const [aiAlias, aiVersion] of AI) {
    for (const [zodAlias, zodVersion] of ZOD_4) {
      it(`ai ${aiVersion} with zod ${zodVersion}: every tool byte for byte after key sorting`, () => {
        const dir = pinnedProject('fixtures/byo/ai-sdk-versions', { zod: zodAlias, ai: aiAlias });
        made.push(dir);
        const sent = aiSdkSends(dir, 'tools.ts').map((t) => {
          const { $schema: _dialect, ...inputSchema } = t.inputSchema as Record<string, unknown>;
          return sortKeys({ ...t, inputSchema });
        });
        const statics = staticTools(dir);
        const exact = statics.filter((s, i) => JSON.stringify(s) === JSON.stringify(sent[i])).length;
        expect(analyze(['.'], { cwd: dir }).modeled).toMatchObject({
          zod: [{ version: zodVersion, from: 'project' }],
          ai: [{ version: aiVersion, from: 'project' }],
        });
        expect({ exact, of: sent.length }).toEqual({ exact: 4, of: 4 });
        expect(statics).toEqual(sent);
      }, 30_000);
    }
  }
});
