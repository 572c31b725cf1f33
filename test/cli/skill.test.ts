/** Tests of `agent-tools skill`: install, list, switch, route, show, export, remove, and what is refused. */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/skills/store/sqlite-driver.js';

const root = new URL('../..', import.meta.url).pathname;
const fx = (p: string) => `${root}fixtures/skills/${p}`;

function project(extraEnv: Record<string, string> = {}) {
  const cwd = mkdtempSync(join(tmpdir(), 'skill-cli-'));
  const run = (...args: string[]) => {
    const r = spawnSync(process.execPath, [`${root}bin/agent-tools.js`, 'skill', ...args], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', ...extraEnv },
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  return { cwd, run };
}

// Each test spawns the CLI many times; a loaded 2-core machine needs more than the default 30 s.
describe('agent-tools skill', { timeout: 90_000 }, () => {
  it('refuses a set with an invalid file, listing every problem, and leaves the store unchanged', () => {
    const { cwd, run } = project();
    const r = run('install', fx('tone.json'), fx('broken.json'), fx('agent/bad-yaml'));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('agent-tools: nothing installed; 6 problems:');
    expect(lines.slice(1, 6)).toEqual([
      `${fx('broken.json')}: $.name: must match ^[a-zA-Z0-9_-]{1,64}$ (letters, digits, _ and -, at most 64 characters: it names tools too)`,
      `${fx('broken.json')}: $.description: must be a non-empty string`,
      `${fx('broken.json')}: $.executor.runtime: runtime "/usr/bin/python3; rm -rf x" is not allowed; use exactly one of python3, bash, node`,
      `${fx('broken.json')}: $.executor.timeoutMs: must be at most 30000 ms`,
      `${fx('broken.json')}: $.params.size.min: min 10 is greater than max 1`,
    ]);
    expect(lines[6]).toMatch(new RegExp(`^${fx('agent/bad-yaml')}/SKILL\\.md:\\d+:\\d+: `));
    // refused before the store is opened: not even an empty one is made
    expect(existsSync(join(cwd, '.agent-tools'))).toBe(false);
  });

  it('reports every problem of a SKILL.md front matter at once, a missing trigger list among them', () => {
    const { cwd, run } = project();
    mkdirSync(join(cwd, 'badname'));
    writeFileSync(join(cwd, 'badname', 'SKILL.md'), '---\nname: Bad Name!\ndescription: Writes politely\n---\nBe polite.\n');
    expect(run('install', 'badname')).toEqual({
      code: 2,
      stdout: '',
      stderr: [
        'agent-tools: nothing installed; 2 problems:',
        'badname: $.name: must match ^[a-zA-Z0-9_-]{1,64}$ (letters, digits, _ and -, at most 64 characters: it names tools too)',
        'badname: $.triggers: no trigger words: add a "triggers" list to the front matter, or "Triggers: a, b" (触发词：a、b) to the description',
        '',
      ].join('\n'),
    });
  });

  it('installs every skill of a folder of skills: its .json files and SKILL.md folders', () => {
    const { run } = project();
    const dir = `${root}examples/canvas/skills`;
    const r = run('install', dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => l.replace(/ from .*$/, '')),
    ).toEqual([
      'installed brand_style (prompt)',
      'installed layout_review (prompt)',
      'installed tint_palette (tool)',
      '  runs node in a sandbox, with no network',
    ]);
    const empty = mkdtempSync(join(tmpdir(), 'no-skills-'));
    const none = run('install', empty);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(`${empty}: a skill folder must hold a SKILL.md (Agent Skills format)`);
  });

  it('a missing path is named as given, with no JSON path (the problem is the file itself)', () => {
    const { run } = project();
    expect(run('install', 'nosuch.json')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'agent-tools: nothing installed; 1 problem:\nnosuch.json: no such file or folder\n',
    });
  });

  it('a missing store is an error (exit 2) naming it and the command that creates it, for every command but install (which creates it) and list of the default store', () => {
    const { cwd, run } = project();
    const hint = 'install a skill to create it: npx agent-tools skill install <file>';
    const missing = {
      code: 2,
      stdout: '',
      stderr: `agent-tools: no skill store at .agent-tools/skills.db (no such folder .agent-tools); ${hint}\n`,
    };
    // the default store of a project that never installed a skill: list says nothing is installed, exit 0
    expect(run('list')).toEqual({
      code: 0,
      stdout: '',
      stderr: 'no skills installed (no store yet at .agent-tools/skills.db; npx agent-tools skill install <file> creates it)\n',
    });
    expect(run('list', '--json')).toEqual({ code: 0, stdout: '{\n  "skills": [],\n  "problems": []\n}\n', stderr: '' });
    for (const args of [
      ['export'],
      ['route', 'email'],
      ['show', 'tone'],
      ['export', 'tone'],
      ['run', 'tone'],
      ['refresh', 'tone'],
      ['disable', 'tone'],
      ['remove', 'tone'],
    ])
      expect([args, run(...args)]).toEqual([args, missing]);
    // a --store given is named again in the command; its missing folder is said, and never made
    const typo = join(cwd, 'no such', 'skills.db');
    expect(run('list', '--store', typo)).toEqual({
      code: 2,
      stdout: '',
      stderr: `agent-tools: no skill store at ${typo} (no such folder ${join(cwd, 'no such')}); ${hint} --store '${typo}'\n`,
    });
    expect(run('export', '--store', 'x.db').stderr).toBe(`agent-tools: no skill store at x.db (no such file); ${hint} --store x.db\n`);
    // from AGENT_TOOLS_STORE: the variable still holds it, so the command does not repeat it
    const fromEnv = project({ AGENT_TOOLS_STORE: 'env.db' });
    expect(fromEnv.run('list').stderr).toBe(`agent-tools: no skill store at env.db (no such file); ${hint}\n`);
    expect(readdirSync(cwd)).toEqual([]);
    expect(readdirSync(fromEnv.cwd)).toEqual([]);
    // a folder is no store: said so, and install does not put a database beside it
    expect(run('install', fx('tone.json'), '--store', '.')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'agent-tools: cannot open the skill store .: it is a folder; a SQLite store is a file, e.g. skills.db\n',
    });
    // install creates it, folder and all; then every command reads it
    expect(run('install', fx('tone.json'), '--store', typo).code).toBe(0);
    expect(run('list', '--store', typo)).toMatchObject({ code: 0, stderr: '' });
    expect(run('route', 'email', '--store', 'x.db').code).toBe(2);
  });

  it('installs JSON files and Agent Skills folders into .agent-tools/skills.db; a taken name needs --force', () => {
    const { cwd, run } = project();
    const r = run('install', fx('tone.json'), fx('word-count.json'), fx('agent/cn-writer'));
    expect(r).toEqual({
      code: 0,
      stderr: '',
      stdout: `installed tone (prompt) from ${fx('tone.json')}\ninstalled word_count (tool) from ${fx('word-count.json')}\n  runs python3 in a sandbox, with no network\ninstalled cn-writer (prompt) from ${fx('agent/cn-writer')}\n`,
    });
    expect(existsSync(join(cwd, '.agent-tools/skills.db'))).toBe(true);
    // the same file again changes nothing: skipped, no --force needed
    expect(run('install', fx('word-count.json'))).toEqual({
      code: 0,
      stderr: '',
      stdout: 'unchanged word_count (installed already as it is)\n',
    });
    const changed = join(cwd, 'word-count.json');
    const raw = JSON.parse(readFileSync(fx('word-count.json'), 'utf8')) as { description: string };
    writeFileSync(changed, JSON.stringify({ ...raw, description: `${raw.description}, fast` }));
    const again = run('install', changed);
    expect(again.code).toBe(2);
    expect(again.stderr).toBe('agent-tools: nothing installed: Skill "word_count" already installed; use --force to replace\n');
    expect(run('install', '--force', changed).code).toBe(0);
  });

  it('restores a catalog after one skill was removed: the identical skills are unchanged, no --force; a changed one still needs it', () => {
    const { cwd, run } = project();
    expect(run('install', fx('tone.json'), fx('word-count.json'), fx('agent/cn-writer')).code).toBe(0);
    expect(run('export', '--out', 'cat.json').code).toBe(0);
    const catalog = readFileSync(join(cwd, 'cat.json'), 'utf8');
    expect(run('remove', 'tone').code).toBe(0);
    const restored = run('install', 'cat.json');
    expect(restored.code).toBe(0);
    expect(restored.stdout.split('\n').filter((l) => !l.startsWith('  '))).toEqual([
      'unchanged cn-writer (installed already as it is)',
      'unchanged word_count (installed already as it is)',
      `installed tone (prompt) from ${fx('tone.json')}`,
      '',
    ]);
    // the store is back to what was exported, switches and times included
    expect(run('export').stdout).toBe(catalog);
    expect(run('disable', 'word_count').code).toBe(0);
    const differs = run('install', 'cat.json');
    expect([differs.code, differs.stderr]).toEqual([
      2,
      'agent-tools: nothing installed: Skill "word_count" already installed; use --force to replace\n',
    ]);
    expect(run('install', 'cat.json', '--force').code).toBe(0);
    expect(run('export').stdout).toBe(catalog);
  });

  it('lists, switches, routes, shows, exports and removes', () => {
    const { cwd, run } = project();
    run('install', fx('tone.json'), fx('word-count.json'), fx('agent/cn-writer'));
    expect(run('list').stdout).toBe(
      'cn-writer   prompt  enabled   中文写作助手。触发词：润色/改写、公文,摘要\ntone        prompt  enabled   Polite tone for customer mail\nword_count  tool    enabled   Counts the words of a text\n',
    );
    expect(run('route', '请帮我润色给客户的 EMAIL').stdout).toBe('cn-writer\ntone\n');
    expect(run('disable', 'tone')).toEqual({ code: 0, stdout: 'disabled tone\n', stderr: '' });
    // a second disable changes nothing and says so
    expect(run('disable', 'tone')).toEqual({ code: 0, stdout: 'tone is already disabled\n', stderr: '' });
    expect(run('route', '请帮我润色给客户的 EMAIL').stdout).toBe('cn-writer\n');
    expect(JSON.parse(run('list', '--json').stdout).skills.map((s: { name: string; enabled: boolean }) => [s.name, s.enabled])).toEqual([
      ['cn-writer', true],
      ['tone', false],
      ['word_count', true],
    ]);
    expect(run('enable', 'tone').stdout).toBe('enabled tone\n');
    expect(run('enable', 'tone')).toEqual({ code: 0, stdout: 'tone is already enabled\n', stderr: '' });
    expect(run('route', 'weekly email', '--json').stdout).toBe(
      '[\n  {\n    "name": "tone",\n    "triggers": [\n      "Email",\n      "客户"\n    ]\n  }\n]\n',
    );
    const show = run('show', 'word_count');
    expect(show.stdout).toContain('word_count (tool, enabled)\nCounts the words of a text\n');
    expect(show.stdout).toContain(
      `executor: script (python3)\nhints: mutates, not destructive\nparams (npx agent-tools skill run word_count --args '{...}'):\n  text: string (required)  The text\n`,
    );
    const unknown = run('show', 'word-count');
    expect(unknown).toEqual({
      code: 2,
      stdout: '',
      stderr: 'agent-tools: no installed skill "word-count"; did you mean: word_count?\n(run \'npx agent-tools skill --help\' for usage)\n',
    });
    expect(JSON.parse(run('export', 'tone').stdout)).toEqual(JSON.parse(readFileSync(fx('tone.json'), 'utf8')));
    const target = join(cwd, 'tone.json');
    writeFileSync(target, 'keep me');
    const refused = run('export', 'tone', '--out', target);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(
      `agent-tools: --out ${target} exists and is not a skill catalog written by skill export; not overwritten (use --force)\n(run 'npx agent-tools skill export --help' for usage)\n`,
    );
    expect(readFileSync(target, 'utf8')).toBe('keep me');
    expect(run('export', 'tone', '--out', target, '--force').code).toBe(0);
    expect(JSON.parse(readFileSync(target, 'utf8')).name).toBe('tone');
    // a catalog is replaced by the next one, as export --out replaces an earlier export; the store file never is
    expect(run('export', '--out', 'catalog.json')).toEqual({ code: 0, stdout: '', stderr: 'wrote catalog.json\n' });
    expect(run('export', '--out', 'catalog.json')).toEqual({ code: 0, stdout: '', stderr: 'wrote catalog.json\n' });
    expect(JSON.parse(readFileSync(join(cwd, 'catalog.json'), 'utf8')).skills.map((s: { name: string }) => s.name)).toContain('tone');
    const store = run('export', '--out', '.agent-tools/skills.db', '--force');
    expect([store.code, store.stderr.split('\n')[0]]).toEqual([
      2,
      'agent-tools: --out .agent-tools/skills.db is one of the files skill export reads; not overwritten, even with --force (write the output outside them)',
    ]);
    expect(run('list').stdout).toContain('tone ');
    expect(run('remove', 'tone').stdout).toBe('removed tone\n');
    expect(run('remove', 'tone').code).toBe(2);
    expect(run('list').stdout).not.toContain('tone');
  });

  it('shows the arguments of a prompt skill; skill run refuses a prompt skill (it has no tool)', () => {
    const { run } = project();
    expect(run('install', fx('translate.json')).code).toBe(0);
    expect(run('show', 'translate').stdout).toContain(
      'triggers: translate, 翻译\narguments (MCP prompts/get):\n  language (required)  Target language, e.g. French\n  text (required)  The text to translate\n  register  formal or casual (default: as the source)\n\nTranslate into {{language}}',
    );
    const r = run('run', 'translate', '--args', '{"language":"French","text":"x"}');
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('skill "translate" is a prompt skill and has no tool')]);
  });

  it('runs a tool skill through the pipeline: result on stdout, a bad argument exits 1, a disabled skill exits 2', () => {
    const { run } = project();
    run('install', fx('word-count.json'), fx('tone.json'));
    expect(run('run', 'word_count', '--args', '{"text":"one two  three"}')).toEqual({ code: 0, stdout: '{"words":3}\n', stderr: '' });
    expect(run('run', 'word_count', '--args', '{"txt":"x"}')).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'agent-tools: Invalid arguments for tool "word_count":\n- text: missing required parameter (expected string)\n- txt: unknown parameter (did you mean "text"?); valid parameters: text\n',
    });
    expect(run('run', 'word_count', '--args', '{nope').code).toBe(2);
    // the params as flags, the way call takes them: exit 2 with the --args that says the same
    expect(run('run', 'word_count', '--text', 'one two', '--max', '3', '--yes')).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "agent-tools: unknown options '--text', '--max': skill run takes the tool's arguments as --args '{\"text\":\"one two\",\"max\":3}'\n" +
        "(run 'npx agent-tools skill run --help' for usage)\n",
    });
    run('disable', 'word_count');
    expect(run('run', 'word_count', '--args', '{"text":"a"}').stderr).toBe(
      "agent-tools: skill \"word_count\" is disabled; run 'npx agent-tools skill enable word_count' first\n(run 'npx agent-tools skill run --help' for usage)\n",
    );
    expect(run('run', 'tone').code).toBe(2);
  });

  it('names the secrets a skill reads at install and in show, and refuses one it does not declare', () => {
    const { cwd, run } = project();
    const weather = {
      kind: 'tool',
      name: 'weather',
      description: 'Weather for a city',
      params: { city: { type: 'string', description: 'City', required: true } },
      executor: {
        type: 'http',
        method: 'GET',
        url: 'https://api.example.com/w/{city}',
        headers: { Authorization: 'Bearer ${env:WEATHER_TOKEN}' },
      },
    };
    writeFileSync(join(cwd, 'undeclared.json'), JSON.stringify(weather));
    expect(run('install', 'undeclared.json')).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'agent-tools: nothing installed; 1 problem:\nundeclared.json: $.executor.headers.Authorization: ${env:WEATHER_TOKEN} is not declared; list the variables the skill reads at the top level of the file: "env": ["WEATHER_TOKEN"]\n',
    });
    writeFileSync(join(cwd, 'weather.json'), JSON.stringify({ ...weather, env: ['WEATHER_TOKEN'] }));
    const line = 'reads the environment variable WEATHER_TOKEN (sent in request headers to https://api.example.com)';
    expect(run('install', 'weather.json').stdout).toBe(`installed weather (tool) from ${join(cwd, 'weather.json')}\n  ${line}\n`);
    expect(run('show', 'weather').stdout).toContain(`\n${line}\n`);
    expect(run('show', 'weather').stdout).toContain('\nhints: read-only\n');
    const remove = { ...weather, name: 'remove_city', env: ['WEATHER_TOKEN'], executor: { ...weather.executor, method: 'DELETE' } };
    writeFileSync(join(cwd, 'remove.json'), JSON.stringify(remove));
    expect(run('install', 'remove.json').code).toBe(0);
    expect(run('show', 'remove_city').stdout).toContain(
      '\nhints: destructive: asks for approval before each call (an HTTP DELETE; the skill file does not say destructive: false)\n',
    );
    writeFileSync(
      join(cwd, 'net.json'),
      JSON.stringify({
        kind: 'tool',
        name: 'net',
        description: 'd',
        params: {},
        executor: { type: 'script', runtime: 'bash', code: 'echo', network: true },
      }),
    );
    expect(run('install', 'net.json').stdout).toContain('\n  runs bash in a sandbox, with network access (it declares network: true)\n');
    expect(run('show', 'net').stdout).toContain('\nruns bash in a sandbox, with network access (it declares network: true)\n');
  });

  it('where bubblewrap cannot run, install warns and skill run refuses a script unless --unsandboxed is given', () => {
    const { run } = project({ AGENT_TOOLS_BWRAP: '/nonexistent/bwrap' });
    const installed = run('install', fx('word-count.json'));
    expect(installed.code).toBe(0);
    const why =
      'script skills run only inside a sandbox, and bubblewrap is not at AGENT_TOOLS_BWRAP="/nonexistent/bwrap"; install bubblewrap (Debian, Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap) or allow scripts to run without a sandbox with --unsandboxed';
    expect(installed.stderr).toBe(`agent-tools: warning: word_count: ${why}\n`);
    expect(run('run', 'word_count', '--args', '{"text":"a b"}')).toEqual({ code: 1, stdout: '', stderr: `agent-tools: ${why}\n` });
    expect(run('run', 'word_count', '--unsandboxed', '--args', '{"text":"a b"}')).toEqual({ code: 0, stdout: '{"words":2}\n', stderr: '' });
    const byEnv = project({ AGENT_TOOLS_BWRAP: '/nonexistent/bwrap', AGENT_TOOLS_UNSANDBOXED: '1' });
    byEnv.run('install', fx('word-count.json'));
    expect(byEnv.run('run', 'word_count', '--args', '{"text":"a b c"}').stdout).toBe('{"words":3}\n');
  });

  it('runs one tool of an MCP skill chosen with --tool', () => {
    const { cwd, run } = project();
    const raw = {
      kind: 'mcp',
      name: 'crashy',
      description: 'MCP test server',
      server: { command: process.execPath, args: [`${root}bin/agent-tools.js`, 'serve', fx('mcp/crashy-tools.ts'), '--no-skills'] },
    };
    writeFileSync(join(cwd, 'crashy.json'), JSON.stringify(raw));
    expect(run('install', 'crashy.json').stdout).toBe(`installed crashy (mcp) from ${join(cwd, 'crashy.json')}\n`);
    const pick = run('run', 'crashy');
    expect(pick.code).toBe(2);
    expect(pick.stderr).toMatch(/^agent-tools: skill "crashy" has 2 tools; choose one with --tool: crashy__ping, crashy__crash\n/);
    const r = run('run', 'crashy', '--tool', 'ping', '--args', '{"text":"字"}');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ text: '字' });
  });

  it('lists the good rows of a store with a corrupt one, reports it and exits 1', () => {
    const { cwd, run } = project();
    const store = join(cwd, 'custom.db');
    expect(run('install', '--store', store, fx('tone.json'), fx('word-count.json')).code).toBe(0);
    const db = openDatabase(store);
    db.prepare("UPDATE skills SET json = '{broken' WHERE name = 'tone'").run();
    db.close();
    const r = run('list', '--store', store);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('word_count  tool    enabled   Counts the words of a text\n');
    expect(r.stderr).toMatch(/^agent-tools: skill "tone": stored JSON is unreadable: .*; reinstall it with --force or remove it\n$/);
    expect(existsSync(join(cwd, '.agent-tools'))).toBe(false);
  });
});
