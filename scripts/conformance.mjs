#!/usr/bin/env node
// `npm run conformance`: runs the official MCP conformance suite (@modelcontextprotocol/conformance,
// pinned below) against `agent-tools serve test/conformance/server.ts --http 0`, one scenario at a
// time, and prints one line per scenario and a total. Exit 0 when every scenario passes, 1 when one
// fails, 2 when the suite or the server cannot be set up.
//
// The suite needs Node 22 (fs.globSync), as the project does; run from an older Node, Node 22 is
// installed for it from the npm registry package node-<platform>-<arch> (scripts/node-from-npm.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_VERSIONS, nodeFromNpm } from './node-from-npm.mjs';

const SUITE_VERSION = '0.1.16';
/** The scenarios of issue #13's target list (the rest of `conformance list` does not apply: see docs/mcp.md#conformance). */
const SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'tools-call-simple-text',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-with-logging',
  'tools-call-with-progress',
  'tools-call-error',
  'logging-set-level',
  'prompts-list',
  'prompts-get-simple',
  'prompts-get-with-args',
  'prompts-get-embedded-resource',
  'prompts-get-with-image',
  'dns-rebinding-protection',
];
const SCENARIO_TIMEOUT_MS = 60_000;

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

function suite() {
  const dir = join(cache, 'suite');
  const pkg = join(dir, 'node_modules', '@modelcontextprotocol', 'conformance');
  ensureInstalled(dir, `@modelcontextprotocol/conformance@${SUITE_VERSION}`, () => versionOf(pkg) === SUITE_VERSION);
  return join(pkg, JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).bin.conformance);
}

/** Starts `serve --http 0` and resolves with the child and its MCP URL (read from its stderr line). */
function startServer() {
  const child = spawn(
    process.execPath,
    [join(root, 'bin', 'agent-tools.js'), 'serve', 'test/conformance/server.ts', '--http', '0', '--no-skills'],
    { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
  );
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

/** Runs one scenario; the checks come from the suite's checks.json. */
function runScenario(node, cli, url, scenario) {
  const out = mkdtempSync(join(tmpdir(), 'conformance-'));
  try {
    const r = spawnSync(node, [cli, 'server', '--url', url, '--scenario', scenario, '-o', out], {
      encoding: 'utf8',
      timeout: SCENARIO_TIMEOUT_MS,
      env: { ...process.env, NO_COLOR: '1' },
    });
    const dir = readdirSync(out)[0];
    const checks = dir && existsSync(join(out, dir, 'checks.json')) ? JSON.parse(readFileSync(join(out, dir, 'checks.json'), 'utf8')) : [];
    const failed = checks.filter((c) => c.status === 'FAILURE');
    const passed = r.status === 0 && checks.length > 0 && failed.length === 0;
    const why =
      failed.map((c) => `${c.id}: ${c.errorMessage ?? 'failed'}`).join('; ') || (r.error ? r.error.message : `exit ${r.status}, no checks`);
    return {
      passed,
      line: passed ? `PASS  ${scenario} (${checks.length} ${checks.length === 1 ? 'check' : 'checks'})` : `FAIL  ${scenario}: ${why}`,
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const node = node22();
const cli = suite();
let server;
try {
  server = await startServer();
} catch (err) {
  fail(err.message);
}
let passed = 0;
try {
  for (const scenario of SCENARIOS) {
    const r = runScenario(node, cli, server.url, scenario);
    if (r.passed) passed++;
    process.stdout.write(`${r.line}\n`);
  }
} finally {
  server.child.kill();
}
process.stdout.write(
  `${passed}/${SCENARIOS.length} scenarios passed (@modelcontextprotocol/conformance ${SUITE_VERSION}, Node ${spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()})\n`,
);
process.exitCode = passed === SCENARIOS.length ? 0 : 1;
