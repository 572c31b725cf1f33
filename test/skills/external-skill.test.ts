/** Tests of `parseSkillFile` and skill sources: every problem with its JSON path, prompt arguments, URLs, env, caps. */

import { describe, expect, it } from 'vitest';
import { toInputSchema } from '../../src/index.js';
import { formatProblems, parseSkillFile } from '../../src/skills/files/external-skill.js';
import { readSkillSource } from '../../src/skills/files/read-skill-source.js';
import { triggersFromDescription } from '../../src/skills/files/agent-skill.js';

const fx = (p: string) => new URL(`../../fixtures/skills/${p}`, import.meta.url).pathname;
const problemsOf = (raw: unknown) => {
  const r = parseSkillFile(raw);
  return r.ok ? [] : r.problems.map((p) => `${p.path}: ${p.message}`);
};
const tool = (executor: unknown, extra: Record<string, unknown> = {}) => ({
  kind: 'tool',
  name: 't',
  description: 'd',
  params: { id: { type: 'string', description: 'Id' } },
  executor,
  ...extra,
});

describe('parseSkillFile', () => {
  it('lists every problem of a broken file with its JSON path', () => {
    const r = readSkillSource(fx('broken.json'));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems.map((p) => p.path)).toEqual([
      '$.name',
      '$.description',
      '$.executor.runtime',
      '$.executor.timeoutMs',
      '$.params.size.min',
    ]);
    expect(!r.ok && r.problems[2]!.message).toBe(
      'runtime "/usr/bin/python3; rm -rf x" is not allowed; use exactly one of python3, bash, node',
    );
    expect(!r.ok && r.problems[4]!.message).toBe('min 10 is greater than max 1');
  });

  it('refuses unknown kinds, unknown keys, runtimes other than python3/bash/node', () => {
    expect(problemsOf({ kind: 'plugin', name: 'x' })).toEqual(['$.kind: expected "kind" to be "prompt", "tool" or "mcp"']);
    expect(problemsOf({ kind: 'prompt', name: 'p', description: 'd', triggers: ['a'], content: 'c', trigers: [] })).toEqual([
      '$.trigers: unknown key "trigers" (did you mean "triggers"?)',
    ]);
    expect(problemsOf({ kind: 'prompt', name: 'p', description: 'd', triggers: ['a'] })).toEqual([
      '$.content: missing required key "content"',
    ]);
    expect(problemsOf(tool({ type: 'http', method: 'GET', url: 'http://example.com/x', timeoutMs: '500' }))).toEqual([
      '$.executor.timeoutMs: "timeoutMs" must be a number, not the string "500"',
    ]);
    expect(problemsOf(tool({ type: 'script', runtime: 'sh', code: 'echo' }))).toEqual([
      '$.executor.runtime: runtime "sh" is not allowed; use exactly one of python3, bash, node',
    ]);
    expect(problemsOf({ kind: 'prompt', name: 'p', description: 'd', triggers: ['ok', ''], content: 'c' })).toEqual([
      '$.triggers[1]: must be a non-empty string',
    ]);
    expect(problemsOf([1])).toEqual(['$: expected a skill object']);
  });

  // Prompt arguments, each shown by MCP prompts/get and written {{name}} in the content
  it('reads prompt arguments and refuses a bad, repeated or unused one with its JSON path', () => {
    const r = readSkillSource(fx('translate.json'));
    expect(r.ok && r.skill.kind === 'prompt' && r.skill.arguments).toEqual([
      { name: 'language', description: 'Target language, e.g. French', required: true },
      { name: 'text', description: 'The text to translate', required: true },
      { name: 'register', description: 'formal or casual (default: as the source)' },
    ]);
    const prompt = (args: unknown, content = 'Reply in {{lang}}.') => ({
      kind: 'prompt',
      name: 'p',
      description: 'd',
      triggers: ['a'],
      content,
      arguments: args,
    });
    expect(problemsOf(prompt([{ name: 'lang', required: true }]))).toEqual([]);
    expect(problemsOf(prompt([{ name: 'lang' }, { name: 'lang' }]))).toEqual(['$.arguments[1].name: repeats the argument name "lang"']);
    expect(problemsOf(prompt([{ name: 'lang' }, { name: 'tone' }]))).toEqual([
      '$.arguments[1].name: "tone" is not used in the content; write {{tone}} where its value goes',
    ]);
    expect(problemsOf(prompt([{ name: 'my lang' }], 'x'))).toEqual([
      '$.arguments[0].name: must match ^[A-Za-z_][A-Za-z0-9_]{0,63}$ (it is written {{name}} in the content)',
    ]);
    expect(problemsOf(prompt([{ name: 'lang', requird: true }]))).toEqual([
      '$.arguments[0].requird: unknown key "requird" (did you mean "required"?)',
    ]);
    expect(problemsOf(prompt([{ name: 'lang', required: 'yes' }]))).toHaveLength(1);
  });

  it('checks HTTP URLs when the skill is installed: scheme, host placeholders, unknown placeholders', () => {
    expect(problemsOf(tool({ type: 'http', method: 'GET', url: 'https://{id}.example.com/x' }))).toEqual([
      '$.executor.url: placeholders are not allowed in the scheme or host ("https://{id}.example.com"); a param value must never change where the request goes',
    ]);
    expect(problemsOf(tool({ type: 'http', method: 'GET', url: '{id}://example.com/' }))).toEqual([
      '$.executor.url: "{id}://example.com/" is not an absolute http or https URL',
    ]);
    expect(problemsOf(tool({ type: 'http', method: 'GET', url: 'http://example.com:{id}/' }))[0]).toMatch(
      /^\$\.executor\.url: placeholders are not allowed in the scheme or host/,
    );
    expect(problemsOf(tool({ type: 'http', method: 'GET', url: 'file:///etc/{id}' }))).toEqual([
      '$.executor.url: scheme "file:" is not allowed; only http and https',
    ]);
    expect(problemsOf(tool({ type: 'http', method: 'GET', url: 'http://u:p@example.com/{id}' }))[0]).toMatch(/carries user info/);
    expect(problemsOf(tool({ type: 'http', method: 'GET', url: 'http://example.com/{idd}' }))).toEqual([
      '$.executor.url: placeholder {idd} is not a param; params: id',
    ]);
    expect(
      problemsOf(tool({ type: 'http', method: 'GET', url: 'http://example.com/x?id={id}', headers: { 'X-Key': '${env:BAD-NAME}' } })),
    ).toEqual(['$.executor.headers["X-Key"]: ${env:BAD-NAME} is not a valid environment variable name']);
    expect(
      problemsOf(
        tool(
          { type: 'http', method: 'GET', url: 'http://example.com/x?id={id}', headers: { 'X-Key': 'Bearer ${env:API_KEY}' } },
          { env: ['API_KEY'] },
        ),
      ),
    ).toEqual([]);
  });

  it('refuses an ${env:NAME} the file does not declare in its top-level env, in every place one is read', () => {
    const http = {
      type: 'http',
      method: 'GET',
      url: 'http://example.com/x?id={id}',
      headers: { Authorization: 'Bearer ${env:API_TOKEN}' },
    };
    expect(problemsOf(tool(http))).toEqual([
      '$.executor.headers.Authorization: ${env:API_TOKEN} is not declared; list the variables the skill reads at the top level of the file: "env": ["API_TOKEN"]',
    ]);
    expect(problemsOf(tool(http, { env: ['OTHER'] }))).toHaveLength(1);
    const ok = parseSkillFile(tool(http, { env: ['API_TOKEN'] }));
    expect(ok.ok && ok.skill.kind === 'tool' && ok.skill.env).toEqual(['API_TOKEN']);
    const mcp = { kind: 'mcp', name: 'm', description: 'd', server: { command: 'node', env: { TOKEN: '${env:MCP_TOKEN}' } } };
    expect(problemsOf(mcp)).toEqual([
      '$.server.env.TOKEN: ${env:MCP_TOKEN} is not declared; list the variables the skill reads at the top level of the file: "env": ["MCP_TOKEN"]',
    ]);
    expect(problemsOf({ ...mcp, env: ['MCP_TOKEN'] })).toEqual([]);
    // with another problem in the file, the undeclared variable is still named
    expect(problemsOf({ ...tool(http), description: '' })).toEqual([
      '$.description: must be a non-empty string',
      '$.executor.headers.Authorization: ${env:API_TOKEN} is not declared; list the variables the skill reads at the top level of the file: "env": ["API_TOKEN"]',
    ]);
    expect(problemsOf(tool(http, { env: ['API_TOKEN', 'API_TOKEN'] }))).toEqual(['$.env: names a variable twice']);
    expect(problemsOf(tool(http, { env: ['API-TOKEN'] }))[0]).toBe(
      '$.env[0]: must be an environment variable name (^[A-Za-z_][A-Za-z0-9_]*$)',
    );
    // a prompt skill reads nothing of the environment
    expect(problemsOf({ kind: 'prompt', name: 'p', description: 'd', triggers: ['a'], content: 'c', env: ['X'] })).toEqual([
      '$.env: unknown key "env"',
    ]);
  });

  it('caps output and response sizes at 64 MiB, naming the field; network is a boolean', () => {
    const script = { type: 'script', runtime: 'node', code: 'x', maxOutputBytes: 300_000_000 };
    expect(problemsOf(tool(script))).toEqual([
      '$.executor.maxOutputBytes: must be at most 67108864 bytes (64 MiB): what is kept is held in memory',
    ]);
    expect(problemsOf(tool({ type: 'http', method: 'GET', url: 'http://example.com/x?id={id}', maxResponseBytes: 2 ** 30 }))).toEqual([
      '$.executor.maxResponseBytes: must be at most 67108864 bytes (64 MiB): what is kept is held in memory',
    ]);
    expect(problemsOf(tool({ ...script, maxOutputBytes: 64 * 1024 * 1024, network: true }))).toEqual([]);
    expect(problemsOf(tool({ ...script, maxOutputBytes: 1, network: 'yes' }))).toEqual([
      '$.executor.network: "network" must be true or false, not the string "yes"',
    ]);
  });

  it('refuses an MCP server URL holding a user name or password, and never echoes it', () => {
    const problems = problemsOf({ kind: 'mcp', name: 'm', description: 'd', server: { url: 'https://alice:s3cr%2Ft@example.com/mcp' } });
    expect(problems.join('\n')).toMatch(/must not hold a user name or password/);
    expect(problems.join('\n')).not.toMatch(/s3cr|alice/);
  });

  it('converts flat JSON Schema parameters to params (the one converter then gives the schema)', () => {
    const r = readSkillSource(fx('weather.json'));
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    if (r.skill.kind !== 'tool') throw new Error('expected a tool skill');
    expect(r.skill.params).toEqual({
      city: { type: 'string', description: 'City name', required: true },
      days: { type: 'number', integer: true, description: 'days', min: 1, max: 7, default: 1 },
      units: { type: 'string', description: 'units', enum: ['metric', 'imperial'] },
    });
    expect(toInputSchema(r.skill.params).required).toEqual(['city']);
  });

  it('refuses nested objects and non-string arrays in JSON Schema parameters', () => {
    const raw = {
      kind: 'tool',
      name: 't',
      description: 'd',
      parameters: {
        type: 'object',
        properties: {
          addr: { type: 'object', properties: {} },
          ns: { type: 'array', items: { type: 'number' } },
          u: { type: ['string', 'null'] },
        },
      },
      executor: { type: 'script', runtime: 'bash', code: 'true' },
    };
    expect(problemsOf(raw)).toEqual([
      '$.parameters.properties.addr: nested objects are not supported: params are flat (string, number, integer, boolean, array of strings); split "addr" into separate params',
      '$.parameters.properties.ns.items: only arrays of strings are supported (params are flat: {"type":"array","items":{"type":"string"}})',
      '$.parameters.properties.u.type: type ["string","null"] is not supported; use "string", "number", "integer", "boolean" or "array" (of strings), one type per property',
    ]);
  });

  it('reports invalid JSON at $, and a missing path with no JSON path', () => {
    const r = readSkillSource(fx('not-json.json'));
    expect(!r.ok && r.problems[0]!.path).toBe('$');
    expect(!r.ok && r.problems[0]!.message).toBe(
      'invalid JSON at line 2, column 1: expected a property name in double quotes, found the end of the input',
    );
    expect(readSkillSource(fx('nope.json'))).toMatchObject({ ok: false, problems: [{ path: '', message: 'no such file or folder' }] });
  });
});

describe('Agent Skills folders (SKILL.md)', () => {
  it('installs as a prompt skill: body as content, triggers from the description, sibling files listed', () => {
    const r = readSkillSource(fx('agent/pdf-tools'));
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.skill).toEqual({
      kind: 'prompt',
      name: 'pdf-tools',
      description: 'Extract text and tables from PDF files. Triggers: PDF, extract text, 表格.',
      triggers: ['PDF', 'extract text', '表格'],
      content:
        "# PDF tools\n\nUse `scripts/extract.py` to pull text out of a PDF.\n\nFiles in this skill's folder (listed for reference, not executed):\n- reference.md\n- scripts/extract.py",
    });
  });

  it('reads Chinese trigger words separated by /, 、 and , and a front-matter triggers list', () => {
    const cn = readSkillSource(fx('agent/cn-writer/SKILL.md'));
    expect(cn.ok && cn.skill.kind === 'prompt' && cn.skill.triggers).toEqual(['润色', '改写', '公文', '摘要']);
    const listed = readSkillSource(fx('agent/listed'));
    expect(listed.ok && listed.skill.kind === 'prompt' && listed.skill.triggers).toEqual(['Deploy', '发布']);
    expect(triggersFromDescription('Helps with mail. Trigger words: "inbox"; reply.')).toEqual(['inbox', 'reply']);
    expect(triggersFromDescription('No list here.')).toEqual([]);
  });

  it('reports a YAML error with SKILL.md:line:col and a folder without SKILL.md', () => {
    const r = readSkillSource(fx('agent/bad-yaml'));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems[0]!.path).toMatch(/^SKILL\.md:\d+:\d+$/);
    expect(readSkillSource(fx('agent'))).toMatchObject({
      ok: false,
      problems: [{ path: '', message: 'a skill folder must hold a SKILL.md (Agent Skills format)' }],
    });
  });
});

describe('formatProblems', () => {
  it('gives a SKILL.md position as one file:line:col, a file problem with no path, the rest with their JSON path', () => {
    const yaml = { path: 'SKILL.md:3:14', message: 'never closed' };
    expect(formatProblems([yaml], 'skills/bad')).toBe('skills/bad/SKILL.md:3:14: never closed');
    expect(formatProblems([yaml], 'skills/bad/')).toBe('skills/bad/SKILL.md:3:14: never closed');
    expect(formatProblems([yaml], 'skills/bad/SKILL.md')).toBe('skills/bad/SKILL.md:3:14: never closed');
    expect(formatProblems([yaml], 'dropped.md')).toBe('dropped.md:3:14: never closed');
    expect(formatProblems([yaml])).toBe('SKILL.md:3:14: never closed');
    expect(
      formatProblems(
        [
          { path: '', message: 'no such file or folder' },
          { path: '$.name', message: 'must not be empty' },
        ],
        'x.json',
      ),
    ).toBe('x.json: no such file or folder\nx.json: $.name: must not be empty');
  });
});
