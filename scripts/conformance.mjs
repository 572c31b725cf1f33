#!/usr/bin/env node
// `npm run conformance`: runs the official MCP conformance suite (@modelcontextprotocol/conformance,
// pinned below) against `agent-tools serve test/conformance/server.ts --http 0`: the requirement
// sets of both MCP revisions the server speaks (`--requirements 2025-11-25` and `2026-07-28`,
// each at its own wire), then the skills extension scenarios (SEP-2640) against a second server
// serving a skill store that holds an Agent Skills folder and a prompt skill file. Prints one
// line per scenario and the scored counts per set.
// Exit 0 when every scored scenario passes, 1 when one fails, 2 when the suite or a server
// cannot be set up. Scenarios a set runs without scoring them (extensions, pending, added after
// the release) are reported and never change the exit code, as the suite itself scores them.
//
// The suite needs Node 22 (fs.globSync), as the project does; run from an older Node, Node 22 is
// installed for it from the npm registry package node-<platform>-<arch> (scripts/node-from-npm.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { NODE_VERSIONS, nodeFromNpm } from './node-from-npm.mjs';

const SUITE_VERSION = '0.2.0-alpha.12';
/** The revisions whose frozen requirement sets (the suite's requirements/<revision>.yaml) are run and scored. */
const REVISIONS = ['2025-11-25', '2026-07-28'];
/**
 * The server scenarios of the skills extension (SEP-2640, io.modelcontextprotocol/skills): an extension the suite does not score, scored
 * here.
 */
const SKILL_SCENARIOS = ['sep-2640-skills-enumeration', 'sep-2640-skills-manifest', 'sep-2640-skills-directory'];
/** What the skills server's store holds: a SKILL.md folder with a subfolder (for resources/directory/read) and a prompt skill file. */
const SKILLS = ['fixtures/skills/agent/pdf-tools', 'fixtures/skills/tone.json'];
const RUN_TIMEOUT_MS = 20 * 60_000;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cache = join(root, 'node_modules', '.cache', 'agent-tools-conformance');

function fail(message) {
  process.stderr.write(`conformance: ${message}\n`);
  process.exit(2);
}

/** npm install into `prefix` unless `ready()` already holds; npm's own output goes to stderr. */
function ensureInstalled(prefix, spec, ready) {
  if (ready()) return;
  process.stderr.write(`conformance: installing ${spec} into ${prefix}\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(
    npm,
    ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', spec],
    { stdio: ['ignore', 2, 2] },
  );
  if (r.status !== 0 || !ready()) fail(`npm install ${spec} failed (exit ${r.status ?? r.signal})`);
}

function versionOf(pkgDir) {
  try {
    return JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

function node22() {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  try {
    return join(nodeFromNpm(NODE_VERSIONS.previous), process.platform === 'win32' ? 'node.exe' : 'node');
  } catch (err) {
    fail(err.message);
  }
}

/** The suite's CLI and package folder, installed at the pinned version. */
function suite() {
  const dir = join(cache, 'suite');
  const pkg = join(dir, 'node_modules', '@modelcontextprotocol', 'conformance');
  ensureInstalled(dir, `@modelcontextprotocol/conformance@${SUITE_VERSION}`, () => versionOf(pkg) === SUITE_VERSION);
  return { cli: join(pkg, JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).bin.conformance), pkg };
}

/**
 * Starts `serve <args> --http 0 --no-auth` and resolves with the child and its MCP URL (read from
 * its stderr line). No token: the suite's client sends none, and the server is on loopback.
 */
function startServer(args, env = process.env) {
  const child = spawn(process.execPath, [join(root, 'bin', 'agent-tools.js'), 'serve', ...args, '--http', '0', '--no-auth'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start in 60 s:\n${err}`)), 60_000);
    child.stderr.on('data', (chunk) => {
      err += chunk;
      const m = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${err}`)));
  });
}

/** A fresh SQLite skill store (in a temp folder) holding {@link SKILLS}, installed with `agent-tools skill install`. */
function skillStore() {
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-conformance-skills-'));
  const store = join(dir, 'skills.db');
  const r = spawnSync(process.execPath, [join(root, 'bin', 'agent-tools.js'), 'skill', 'install', '--store', store, ...SKILLS], {
    cwd: root,
    encoding: 'utf8',
  });
  if (r.status !== 0) fail(`could not install the skills for the SEP-2640 scenarios:\n${r.stderr}`);
  return { store, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs the suite once (`server --url <url> ...args`) and returns each scenario's checks, read from its checks.json. */
function runSuite(node, cli, url, args) {
  const out = mkdtempSync(join(tmpdir(), 'agent-tools-conformance-'));
  try {
    const r = spawnSync(node, [cli, 'server', '--url', url, ...args, '-o', out], {
      encoding: 'utf8',
      timeout: RUN_TIMEOUT_MS,
      env: { ...process.env, NO_COLOR: '1' },
    });
    if (r.error) fail(`the suite did not finish: ${r.error.message}`);
    const checks = new Map();
    for (const dir of readdirSync(out)) {
      const m = /^server-(.+)-\d{4}-\d\d-\d\dT[\d-]+Z$/.exec(dir);
      const file = join(out, dir, 'checks.json');
      if (m && existsSync(file)) checks.set(m[1], JSON.parse(readFileSync(file, 'utf8')));
    }
    if (checks.size === 0) fail(`the suite ran no scenario (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
    return checks;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** One line for a scenario: PASS with its check count, or FAIL naming each failed check and why. */
function verdict(name, checks) {
  if (!checks) return { passed: false, line: `FAIL  ${name}: the suite wrote no checks for it` };
  const failed = checks.filter((c) => c.status === 'FAILURE');
  const warned = checks.filter((c) => c.status === 'WARNING').length;
  const skipped = checks.filter((c) => c.status === 'SKIPPED').length;
  if (failed.length > 0)
    return { passed: false, line: `FAIL  ${name}: ${failed.map((c) => `${c.id}: ${c.errorMessage ?? 'failed'}`).join('; ')}` };
  const notes = [warned && `${warned} warnings`, skipped && `${skipped} skipped`].filter(Boolean);
  return { passed: true, line: `PASS  ${name} (${checks.length} checks${notes.map((n) => `, ${n}`).join('')})` };
}

/** Prints a set's scenarios and returns its scored counts. */
function report(label, scored, notScored, checks) {
  process.stdout.write(`${label}\n`);
  let passed = 0;
  for (const name of scored) {
    const v = verdict(name, checks.get(name));
    if (v.passed) passed++;
    process.stdout.write(`  ${v.line}\n`);
  }
  for (const { scenario, reason } of notScored) {
    const c = checks.get(scenario);
    if (!c) continue;
    const failed = c.filter((x) => x.status === 'FAILURE').length;
    process.stdout.write(`  not scored (${reason}): ${failed ? 'FAIL' : 'PASS'}  ${scenario} (${failed} of ${c.length} checks failed)\n`);
  }
  return { label, passed, total: scored.length };
}

const node = node22();
const { cli, pkg } = suite();
const results = [];
const children = [];
try {
  const main = await startServer(['test/conformance/server.ts', '--no-skills']).catch((err) => fail(err.message));
  children.push(main.child);
  for (const revision of REVISIONS) {
    const set = parse(readFileSync(join(pkg, 'requirements', `${revision}.yaml`), 'utf8'));
    const notScored = (set.not_scored ?? []).filter((e) => e.leg === 'server');
    const checks = runSuite(node, cli, main.url, ['--requirements', revision]);
    results.push(report(`--requirements ${revision}`, set.server, notScored, checks));
  }
  const { store, cleanup } = skillStore();
  try {
    const skills = await startServer(['test/conformance/server.ts', '--store', store]).catch((err) => fail(err.message));
    try {
      const checks = new Map();
      for (const scenario of SKILL_SCENARIOS)
        for (const [name, c] of runSuite(node, cli, skills.url, ['--scenario', scenario])) checks.set(name, c);
      results.push(report('skills extension (SEP-2640)', SKILL_SCENARIOS, [], checks));
    } finally {
      skills.child.kill();
    }
  } finally {
    cleanup();
  }
} finally {
  for (const child of children) child.kill();
}
const nodeVersion = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
for (const r of results) process.stdout.write(`${r.label}: ${r.passed}/${r.total} scored scenarios pass\n`);
process.stdout.write(`(@modelcontextprotocol/conformance ${SUITE_VERSION} on Node ${nodeVersion})\n`);
process.exitCode = results.every((r) => r.passed === r.total) ? 0 : 1;
