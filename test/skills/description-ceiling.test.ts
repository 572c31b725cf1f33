/** Tests of the 64 KiB description ceiling: `defineTool`, `skill install` and MCP skills refuse what passes it. */

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, definitionProblems } from '../../src/index.js';
import { MAX_DESCRIPTION_BYTES, utf8Length } from '../../src/core/size-limits.js';
import { parseSkillFile } from '../../src/skills/files/external-skill.js';
import { createMcpSkill } from '../../src/skills/mcp/mcp-skill.js';
import { mcpFile, stdioServer, toolsFile } from './mcp-fixture-server.js';

// A 10 MB description installed, then made the official MCP client drop the connection on
// tools/list. Descriptions have a ceiling of 64 KiB of UTF-8, refused where they are defined,
// naming the field; exactly 64 KiB is accepted.
const big = 'x'.repeat(MAX_DESCRIPTION_BYTES + 1);
const edge = 'x'.repeat(MAX_DESCRIPTION_BYTES);
const over = `is ${MAX_DESCRIPTION_BYTES + 1} bytes, over the 65536-byte (64 KiB) ceiling for a description; clients drop tools/list answers that large`;
const problemsOf = (raw: unknown) => {
  const r = parseSkillFile(raw);
  return r.ok ? [] : r.problems.map((p) => `${p.path}: ${p.message}`);
};
const script = { type: 'script', runtime: 'node', code: 'x' };

describe('descriptions over 64 KiB', () => {
  it('counts UTF-8 bytes (a 3-byte and a 4-byte character, a lone surrogate as U+FFFD)', () => {
    for (const s of ['a', 'é', '字', '😀', '\ud800', 'a字😀']) expect(utf8Length(s)).toBe(Buffer.byteLength(s));
    // 21 846 three-byte characters are 65 538 bytes: over, though only 21 846 code points
    expect(definitionProblems({ name: 'zh', description: '字'.repeat(21_846), params: {} })).toEqual([
      { field: 'description', problem: expect.stringMatching(/^is 65538 bytes, over/) },
    ]);
  });

  it('defineTool refuses a tool or param description over the ceiling, naming the field; params and zod input alike', () => {
    expect(definitionProblems({ name: 't', description: big, params: {} })).toEqual([{ field: 'description', problem: over }]);
    expect(definitionProblems({ name: 't', description: edge, params: { q: { type: 'string', description: edge } } })).toEqual([]);
    expect(definitionProblems({ name: 't', description: 'd', params: { q: { type: 'string', description: big } } })).toEqual([
      { field: 'params.q.description', problem: over },
    ]);
    expect(() => defineTool({ name: 't', description: big, params: {}, execute: () => null })).toThrow(`Tool "t": description: ${over}`);
    expect(() =>
      defineTool({ name: 't', description: 'd', input: z.object({ q: z.string().describe(big) }), execute: () => null }),
    ).toThrow(`input.q.description: ${over}`);
  });

  it('skill install refuses it in every description a skill file holds, naming the JSON path', () => {
    const prompt = { kind: 'prompt', name: 'p', triggers: ['a'], content: 'c {{x}}' };
    expect(problemsOf({ ...prompt, description: big, arguments: [{ name: 'x', description: big }] })).toEqual([
      `$.description: ${over}`,
      `$.arguments[0].description: ${over}`,
    ]);
    expect(
      problemsOf({ kind: 'tool', name: 't', description: big, params: { q: { type: 'string', description: big } }, executor: script }),
    ).toEqual([`$.description: ${over}`, `$.params.q.description: ${over}`]);
    expect(
      problemsOf({
        kind: 'tool',
        name: 't',
        description: 'd',
        parameters: { type: 'object', properties: { q: { type: 'string', description: big } } },
        executor: script,
      }),
    ).toEqual([`$.parameters.properties.q.description: ${over}`]);
    expect(problemsOf({ kind: 'mcp', name: 'm', description: big, server: { command: 'x' } })).toEqual([`$.description: ${over}`]);
    expect(problemsOf({ ...prompt, description: edge, arguments: [{ name: 'x', description: edge }] })).toEqual([]);
  });

  it(
    'an MCP skill leaves out a server tool whose description is over it, saying why, and offers the others',
    { timeout: 60_000 },
    async () => {
      const defs = toolsFile();
      const schema = { type: 'object', properties: { q: { type: 'string', description: big } } };
      defs.write([
        { name: 'huge', description: big, inputSchema: { type: 'object', properties: {} } },
        { name: 'huge_param', description: 'Has a huge param.', inputSchema: schema },
        { name: 'ping', description: 'Answers.', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } },
      ]);
      const s = await createMcpSkill(mcpFile({ name: 'big', server: stdioServer(['--defs', defs.path]) }), { pins: null });
      try {
        expect(s.tools.map((t) => t.name)).toEqual(['big__ping']);
        expect(s.skipped).toEqual([
          { tool: 'huge', reason: `$.description ${over}` },
          { tool: 'huge_param', reason: `$.inputSchema.properties.q.description ${over}` },
        ]);
      } finally {
        await s.close();
      }
    },
  );
});
