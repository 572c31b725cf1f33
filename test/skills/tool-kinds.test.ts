/** The tool kinds' own part: the hints each executor gives its tool (MCP annotations) and the rules it runs under, asked of the kind. */
import { describe, expect, it } from 'vitest';
import { sandboxRules, toolFromSkillFile } from '../../src/skills/files/external-tool.js';
import type { ToolSkillFile } from '../../src/skills/files/external-skill.js';
import { SKILL_KINDS } from '../../src/skills/kinds/index.js';

const file = (executor: ToolSkillFile['executor']): ToolSkillFile => ({
  kind: 'tool',
  name: 't',
  description: 'A tool',
  params: {},
  executor,
});
const http = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') => file({ type: 'http', method, url: 'https://api.example.com/x' });
const hintsOf = (f: ToolSkillFile) => {
  const { mutates, destructive, idempotent, openWorld } = toolFromSkillFile(f);
  return { mutates, destructive, idempotent, openWorld };
};

describe('tool kinds: hints and rules come from the executor kind', () => {
  it.each([
    // RFC 9110 9.2.2: GET, PUT and DELETE are idempotent; GET is safe (read-only); every other method is destructive (the MCP default)
    ['GET', { mutates: false, destructive: false, idempotent: true, openWorld: true }],
    ['POST', { mutates: true, destructive: true, idempotent: false, openWorld: true }],
    ['PUT', { mutates: true, destructive: true, idempotent: true, openWorld: true }],
    ['PATCH', { mutates: true, destructive: true, idempotent: false, openWorld: true }],
    ['DELETE', { mutates: true, destructive: true, idempotent: true, openWorld: true }],
  ] as const)('an HTTP %s tool gets %o', (method, hints) => {
    expect(hintsOf(http(method))).toEqual(hints);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'an HTTP %s tool whose file says destructive: false is not destructive',
    (method) => {
      expect(hintsOf({ ...http(method), destructive: false })).toMatchObject({ mutates: true, destructive: false });
    },
  );

  it('a script tool is destructive only when its file says destructive: true', () => {
    const script = file({ type: 'script', runtime: 'bash', code: 'echo 1' });
    expect(hintsOf({ ...script, destructive: true })).toMatchObject({ mutates: true, destructive: true });
    expect(hintsOf({ ...script, destructive: false })).toMatchObject({ mutates: true, destructive: false });
  });

  it('a script tool mutates, is not destructive nor idempotent, and is not open-world', () => {
    expect(hintsOf(file({ type: 'script', runtime: 'bash', code: 'echo 1' }))).toEqual({
      mutates: true,
      destructive: false,
      idempotent: false,
      openWorld: false,
    });
  });

  it('every kind with an executor type has a tool part, and sandboxRules returns what its view shows', () => {
    const tools = SKILL_KINDS.filter((k) => 'executorType' in k);
    expect(tools.map((k) => k.id)).toEqual(SKILL_KINDS.filter((k) => k.fileKind === 'tool').map((k) => k.id));
    expect(tools.map((k) => k.id)).toEqual(expect.arrayContaining(['http', 'script']));
    for (const k of tools) expect(typeof k.tool?.run, k.id).toBe('function');
    const script = file({ type: 'script', runtime: 'python3', code: 'print(1)', network: true, timeoutMs: 2500 });
    const rules = sandboxRules(script.executor);
    expect(rules).toContain("Declares network: true, so it shares this machine's network (any host, loopback services included).");
    expect(rules).toContain('Killed with everything it started after 2,500 ms.');
    expect(sandboxRules(http('GET').executor)[0]).toBe(
      'Sends GET to https://api.example.com/x; arguments fill the {placeholders} percent-encoded, so they cannot change the scheme, host or path.',
    );
  });

  it('refuses an executor type no kind has, naming it', () => {
    expect(() => toolFromSkillFile(file({ type: 'ftp' } as never))).toThrow('no tool skill kind with "executor": { "type": "ftp" }');
  });
});
