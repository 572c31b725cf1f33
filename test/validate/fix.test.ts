/** Tests of `validate --fix` on fixtures/fix: exact results, idempotence, what is left to a person, safe writes. */

import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyFixes, fix } from '../../src/toolkit/index.js';
import { listFiles, root, runCli, tempProject, tscNoEmit } from '../scaffold/project.js';

const FIXTURES = join(root, 'fixtures/fix');
const CASES = readdirSync(FIXTURES).sort();
let dir: string;

/** The text each file of `name` must have after --fix: `after/<file>` when there is one, else unchanged. */
function expectedFiles(name: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of listFiles(join(FIXTURES, name, 'before'))) {
    const after = join(FIXTURES, name, 'after', file);
    out.set(file, readFileSync(existsSync(after) ? after : join(FIXTURES, name, 'before', file), 'utf8'));
  }
  return out;
}

beforeAll(() => {
  // one project holding every case, so one tsc run checks them all
  dir = tempProject();
  for (const name of CASES) cpSync(join(FIXTURES, name, 'before'), join(dir, name), { recursive: true });
  const tsconfig = JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8'));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ ...tsconfig, include: CASES.map((c) => `${c}/tools`) }));
});

describe('validate --fix on fixtures/fix', () => {
  it('the fixtures type-check before any fix', () => {
    const r = tscNoEmit(dir);
    expect(r.output).toBe('');
    expect(r.status).toBe(0);
  });

  it.each(CASES)('%s: the fix gives the exact expected text, and a second run changes nothing', async (name) => {
    const cwd = join(dir, name);
    // breaking: the fixtures show every fix, the rename of snake-case-name too
    const plan = await fix(['tools'], { cwd, breaking: true });
    const outcome = await applyFixes(plan);
    expect(outcome.stale).toEqual([]);
    for (const [file, text] of expectedFiles(name)) expect(readFileSync(join(cwd, file), 'utf8'), file).toBe(text);
    const again = await fix(['tools'], { cwd, breaking: true });
    expect(again.fixes).toEqual([]);
    expect(again.files).toEqual([]);
    const same = (l: typeof plan.left) => l.filter((f) => f.checkId === name).map((f) => [f.messageId, f.message]);
    expect(same(again.left)).toEqual(same(plan.left));
  });

  it('the fixed fixtures still type-check', () => {
    const r = tscNoEmit(dir);
    expect(r.output).toBe('');
    expect(r.status).toBe(0);
  });

  it('leaves a param description that only repeats the name to a person, saying so', async () => {
    const plan = await fix(['tools'], { cwd: join(FIXTURES, 'param-description/before') });
    const left = plan.left.find((f) => f.checkId === 'param-description')!;
    expect(left.messageId).toBe('rewordsName');
    expect(left.reason).toBe('no automatic fix: only a person knows what the value means');
    expect(plan.fixes).toEqual([]);
  });

  it('leaves mutates to a person on every tool, even one whose execute only reads: a guessed mutates: false would turn approval off', async () => {
    const plan = await fix(['tools'], { cwd: join(FIXTURES, 'mutates-declared/before') });
    expect(plan.fixes).toEqual([]);
    expect(plan.left.filter((f) => f.checkId === 'mutates-declared').map((f) => [f.line, f.reason])).toEqual([
      [5, 'no automatic fix'],
      [14, 'no automatic fix'],
      [17, 'no automatic fix'],
    ]);
  });

  it('through the CLI, --fix writes no mutates: false on a tool that POSTs nor on one that returns a constant, and still reports both', () => {
    const cwd = tempProject();
    const tools = {
      'tools/mail.ts':
        "import { defineTool } from 'agent-tools';\n\n/** Sends a mail. */\nexport const sendMail = defineTool({\n  name: 'send_mail',\n" +
        "  description: 'Sends a mail to one address through the mail service.',\n" +
        "  params: { to: { type: 'string', required: true, description: 'Address of the recipient' } },\n" +
        "  execute: async (_api: unknown, { to }) => {\n    await fetch('https://mail.example/send', { method: 'POST', body: JSON.stringify({ to }) });\n" +
        '    return { sent: true };\n  },\n});\n',
      'tools/version.ts':
        "import { defineTool } from 'agent-tools';\n\n/** The version. */\nexport const getVersion = defineTool({\n  name: 'get_version',\n" +
        "  description: 'Returns the version of the document format.',\n  params: {},\n  execute: () => ({ version: 3 }),\n});\n",
    };
    for (const [file, text] of Object.entries(tools)) {
      mkdirSync(join(cwd, dirname(file)), { recursive: true });
      writeFileSync(join(cwd, file), text);
    }
    const left = [
      '  tools/mail.ts:4:25  warn   Tool "send_mail" does not say whether it mutates; it counts as destructive, and clients will ask before each call.  mutates-declared',
      '  tools/version.ts:4:27  warn   Tool "get_version" does not say whether it mutates; it counts as destructive, and clients will ask before each call.  mutates-declared',
    ];
    const dry = runCli(cwd, ['validate', 'tools', '--fix-dry-run']);
    expect(dry.stdout).toBe(''); // the unified diff: no `+  mutates: false` line, nothing at all
    expect(dry.stderr.split('\n')[0]).toBe('would fix 0 findings');
    for (const line of left) expect(dry.stderr).toContain(`${line}\n      no automatic fix; hint:`);
    const r = runCli(cwd, ['validate', 'tools', '--fix']);
    for (const [file, text] of Object.entries(tools)) expect(readFileSync(join(cwd, file), 'utf8'), file).toBe(text);
    expect(r.stdout.split('\n')[0]).toBe('fixed 0 findings');
    for (const line of left) expect(r.stdout).toContain(`${line}\n      no automatic fix; hint:`);
    expect(r.stdout.match(/does not say whether it mutates.*mutates-declared/g)).toHaveLength(2);
  });
});

describe('validate --fix and a poor description', () => {
  it('writes no JSDoc comment from a description that is too short or only rewords the name, and says what is left', () => {
    const cwd = tempProject();
    const source = (name: string, description: string) =>
      `import { defineTool } from 'agent-tools';\nexport const t = defineTool({ name: '${name}', description: '${description}', mutates: false, params: {}, execute: () => ({}) });\n`;
    mkdirSync(join(cwd, 'tools'));
    writeFileSync(join(cwd, 'tools/short.ts'), source('get_thing', 'x'));
    writeFileSync(join(cwd, 'tools/reword.ts'), source('get_font_size', 'Gets the font size of it.'));
    writeFileSync(join(cwd, 'tools/good.ts'), source('get_font', 'Returns the font family of the selected text node.'));
    const r = runCli(cwd, ['validate', 'tools', '--profile', 'tools', '--fix']);
    expect(r.stdout.split('\n')[0]).toBe('fixed 1 finding:');
    expect(r.stdout).toContain('tools/good.ts:2  jsdoc  no JSDoc comment → /** Returns the font family of the selected text node. */');
    expect(readFileSync(join(cwd, 'tools/short.ts'), 'utf8')).toBe(source('get_thing', 'x'));
    expect(readFileSync(join(cwd, 'tools/reword.ts'), 'utf8')).toBe(source('get_font_size', 'Gets the font size of it.'));
    expect(r.stdout).toContain('warn   Exported tool "get_thing" (t) has no JSDoc comment.  jsdoc\n      no automatic fix; hint:');
  });
});

describe('validate --fix writes safely', () => {
  it('does not touch a file changed on disk since it was read, nor the rest of its fixes', async () => {
    const cwd = tempProject();
    cpSync(join(FIXTURES, 'snake-case-name/before'), cwd, { recursive: true });
    cpSync(join(FIXTURES, 'jsdoc/before/tools/fonts.ts'), join(cwd, 'tools/fonts.ts'));
    const plan = await fix(['tools'], { cwd, checks: { registered: 'off' }, breaking: true });
    expect(plan.fixes.map((f) => f.checkId)).toEqual(['jsdoc', 'jsdoc', 'jsdoc', 'snake-case-name']);
    const edited = readFileSync(join(cwd, 'tools/calls.ts'), 'utf8') + '// saved by a person meanwhile\n';
    writeFileSync(join(cwd, 'tools/calls.ts'), edited);
    const outcome = await applyFixes(plan);
    expect(outcome.stale).toEqual(['tools/calls.ts']);
    expect(outcome.skipped.map((f) => f.checkId)).toEqual(['snake-case-name']);
    expect(outcome.written).toEqual(['tools/fonts.ts']);
    expect(readFileSync(join(cwd, 'tools/calls.ts'), 'utf8')).toBe(edited);
    expect(readFileSync(join(cwd, 'tools/set-font.ts'), 'utf8')).toBe(
      readFileSync(join(FIXTURES, 'snake-case-name/before/tools/set-font.ts'), 'utf8'),
    );
    expect(readFileSync(join(cwd, 'tools/fonts.ts'), 'utf8')).toBe(readFileSync(join(FIXTURES, 'jsdoc/after/tools/fonts.ts'), 'utf8'));
  });
});

describe('agent-tools validate --fix / --fix-dry-run (real process)', () => {
  it('--fix leaves a tool rename (it breaks clients) for a person with why; --fix-breaking applies it', () => {
    const cwd = tempProject();
    cpSync(join(FIXTURES, 'snake-case-name/before'), cwd, { recursive: true });
    const before = listFiles(join(cwd, 'tools')).map((f) => readFileSync(join(cwd, 'tools', f), 'utf8'));
    const r = runCli(cwd, ['validate', 'tools', '--profile', 'tools', '--fix']);
    expect(r.stdout).toBe(
      [
        'fixed 0 findings',
        'left for a person (1):',
        '  tools/set-font.ts:5:9  warn   Tool name "setFont" is not snake_case.  snake-case-name',
        '      renames the tool: a client or a saved conversation that calls "setFont" fails (diff: tool-renamed, breaking); ' +
          'apply it with --fix-breaking once the clients are updated; hint: Consider "set_font".',
        '',
      ].join('\n'),
    );
    expect(r.status).toBe(0);
    expect(listFiles(join(cwd, 'tools')).map((f) => readFileSync(join(cwd, 'tools', f), 'utf8'))).toEqual(before);
    const dry = runCli(cwd, ['validate', 'tools', '--profile', 'tools', '--fix-dry-run']);
    expect([dry.stdout, dry.stderr.split('\n')[0]]).toEqual(['', 'would fix 0 findings']);

    const breaking = runCli(cwd, ['validate', 'tools', '--profile', 'tools', '--fix-breaking']);
    expect(breaking.stdout).toBe(
      'fixed 1 finding:\n  tools/set-font.ts:5  snake-case-name  name: "setFont" → name: "set_font" (and 2 other strings naming it; clients that call "setFont" must use the new name)\n',
    );
    expect(breaking.status).toBe(0);
    for (const file of listFiles(join(FIXTURES, 'snake-case-name/after/tools')))
      expect(readFileSync(join(cwd, 'tools', file), 'utf8')).toBe(
        readFileSync(join(FIXTURES, 'snake-case-name/after/tools', file), 'utf8'),
      );
  });

  it('--fix-dry-run prints a unified diff on stdout, the report on stderr, and writes nothing', () => {
    const cwd = tempProject();
    cpSync(join(FIXTURES, 'snake-case-name/before'), cwd, { recursive: true });
    const before = readFileSync(join(cwd, 'tools/registry.ts'), 'utf8');
    const r = runCli(cwd, ['validate', 'tools', '--profile', 'tools', '--fix-dry-run', '--fix-breaking']);
    expect(r.stdout).toContain(
      `--- a/tools/registry.ts\n+++ b/tools/registry.ts\n@@ -3,4 +3,4 @@\n export const CORE_TOOLS = [setFont];\n export const EXTENDED_TOOLS: (typeof setFont)[] = [];\n /** Tools the prompt mentions by name. */\n-export const PROMPT_NAMES: string[] = ['setFont'];\n+export const PROMPT_NAMES: string[] = ['set_font'];\n`,
    );
    expect(r.stderr).toBe(
      'would fix 1 finding:\n  tools/set-font.ts:5  snake-case-name  name: "setFont" → name: "set_font" (and 2 other strings naming it; clients that call "setFont" must use the new name)\n',
    );
    expect(readFileSync(join(cwd, 'tools/registry.ts'), 'utf8')).toBe(before);
    expect(r.status).toBe(0);
  });

  it('--fix prints file:line, check id, before → after, and what is left for a person', () => {
    const cwd = tempProject();
    cpSync(join(FIXTURES, 'param-description/before'), cwd, { recursive: true });
    cpSync(join(FIXTURES, 'jsdoc/before/tools/fonts.ts'), join(cwd, 'tools/more-fonts.ts'));
    writeFileSync(join(cwd, 'agent-tools.config.json'), JSON.stringify({ checks: { registered: 'off' } }));
    const r = runCli(cwd, ['validate', 'tools', '--profile', 'tools', '--fix']);
    expect(r.stdout).toBe(
      [
        'fixed 3 findings:',
        '  tools/more-fonts.ts:4  jsdoc  no JSDoc comment → /** Returns the font family of a text node. */',
        '  tools/more-fonts.ts:12  jsdoc  no JSDoc comment → /** Lists the fonts used in the document.… */',
        '  tools/more-fonts.ts:20  jsdoc  no JSDoc comment → /** Counts the font families used in the document. */',
        'left for a person (2):',
        '  tools/fonts.ts:4:24  warn   Tool "set_font" mutates but does not say whether it is destructive; it is treated as destructive (destructiveHint: true) and asks for approval before every call.  destructive-declared',
        '      no automatic fix: only a person knows whether the change can be undone; hint: Add `destructive: true` if the change cannot be undone, `destructive: false` if another call can put back what it changed.',
        '  tools/fonts.ts:8:13  warn   The description of param "family" of tool "set_font" ("Family") only repeats its name.  param-description',
        '      no automatic fix: only a person knows what the value means; hint: Describe the value: its unit, format or what it refers to.',
        '',
      ].join('\n'),
    );
    expect(r.status).toBe(0);
    expect(runCli(cwd, ['validate', 'tools', '--profile', 'tools', '--fix']).stdout).toMatch(/^fixed 0 findings\n/);
  });

  it('refuses --fix with a machine format (exit 2)', () => {
    const r = runCli(join(FIXTURES, 'jsdoc/before'), ['validate', 'tools', '--fix', '--format', 'json']);
    expect(r.stderr).toContain('--fix, --fix-dry-run and --fix-breaking print their own report; drop --format');
    expect(r.status).toBe(2);
    const both = runCli(join(FIXTURES, 'jsdoc/before'), ['validate', 'tools', '--fix', '--fix-dry-run']);
    expect([both.status, both.stdout]).toEqual([2, '']);
    expect(both.stderr).toContain('--fix writes the fixes and --fix-dry-run only shows them; give one of the two');
  });
});
