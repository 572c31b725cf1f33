// `npm start`: the main job. Runs the real agent-tools commands on the bundled canvas example:
// validate (zero findings, Markdown report), export (mcp and markdown), a live MCP round trip
// over stdio with the SDK client, the scripted agent demo, an approval round trip through the
// AI SDK (one destructive call approved, one denied), and the example skills installed
// into a fresh store and switched off and on; then prints where everything is.
// Offline, no API key. Each step runs the command a user would type.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import pc from 'picocolors';

const root = fileURLToPath(new URL('..', import.meta.url));
const rel = (p) => relative(process.cwd(), p) || '.';
const bin = join(root, 'bin', 'agent-tools.js');
const example = join(root, 'examples', 'canvas');
const out = mkdtempSync(join(tmpdir(), 'agent-tools-main-job-'));
const steps = [];

function indent(text) {
  return text
    .replace(/\s+$/, '')
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n');
}

/** Runs one command, shows its output indented, and records the step. */
function run(title, args, { expectCode = 0, outputs = [], show = 'both', env = {}, expect } = {}) {
  console.log(pc.bold(`\n▶ ${title}`));
  const shown = args.map((a) => (a === process.execPath ? 'node' : a.startsWith(root) ? relative(root, a) : a));
  console.log(pc.dim(`  $ ${shown.map((a) => (/[^\w/.:=@%+,-]/.test(a) ? `'${a.replaceAll("'", "'\\''")}'` : a)).join(' ')}`));
  const started = Date.now();
  const [cmd, ...rest] = args;
  const r = spawnSync(cmd === 'agent-tools' ? process.execPath : cmd, cmd === 'agent-tools' ? [bin, ...rest] : rest, {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = Date.now() - started;
  if (show !== 'none' && r.stdout.trim()) console.log(indent(r.stdout));
  if (show === 'both' && r.stderr.trim()) console.log(pc.dim(indent(r.stderr)));
  const written = outputs.filter((p) => existsSync(p));
  const shows = !expect || expect.test(r.stdout ?? '');
  const ok = r.status === expectCode && written.length === outputs.length && shows;
  const why = r.error
    ? r.error.message
    : r.status !== expectCode
      ? `exit code ${r.status}, expected ${expectCode}`
      : written.length < outputs.length
        ? 'an output file is missing'
        : !shows
          ? `the output does not match ${expect}`
          : '';
  if (!ok && show !== 'both' && r.stderr.trim()) console.log(indent(r.stderr));
  for (const p of written) console.log(`  ${pc.green('wrote')} ${p} (${statSync(p).size} bytes)`);
  console.log(`  ${ok ? pc.green('✓') : pc.red('✗')} ${title} ${pc.dim(`(${ms} ms)`)}${ok ? '' : pc.red(`: ${why}`)}`);
  steps.push({ title, ok, ms, outputs: written, why });
  return r;
}

// `npm install` runs no build (the package has no install-time script), so the first `npm start`
// in a clone builds dist/, and so does one after a pull that changed src/.
const built = join(root, 'dist', 'cli', 'main.js');
const newest = (dir) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .reduce((t, e) => Math.max(t, statSync(join(e.parentPath, e.name)).mtimeMs), 0);
if (!existsSync(built) || !existsSync(join(root, 'data', 'o200k-base.bin.gz')) || newest(join(root, 'src')) > statSync(built).mtimeMs) {
  console.log(`${existsSync(built) ? 'src/ changed since dist/ was built' : 'dist/ is not built yet'}: npm run build (about a minute)...`);
  const npm = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
  const r = spawnSync(npm[0], [...npm[1], 'run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(pc.red(`agent-tools: npm run build failed (exit ${r.status ?? r.signal}); npm start needs dist/`));
    process.exit(2);
  }
}

console.log(pc.bold('agent-tools: the main job on the bundled example toolbox (examples/canvas)'));
console.log(`outputs go to ${out}`);

const report = join(out, 'validate-report.md');
run('validate: every check, expecting zero findings', ['agent-tools', 'validate', rel(example), '--report', report], { outputs: [report] });

const mcpJson = join(out, 'tools.mcp.json');
run(
  'export --format mcp: the tools/list result, without running any tool code',
  ['agent-tools', 'export', rel(example), '--format', 'mcp', '--out', mcpJson],
  { outputs: [mcpJson] },
);

const markdown = join(out, 'tools.md');
run('export --format markdown: the tool catalogue', ['agent-tools', 'export', rel(example), '--format', 'markdown', '--out', markdown], {
  outputs: [markdown],
});

run('MCP round trip: serve over stdio, list (compared with the export) and call with the SDK client', [
  process.execPath,
  join(root, 'examples', 'mcp-round-trip.js'),
  mcpJson,
]);

run('demo: a scripted agent session (AI SDK mock model, no network)', [process.execPath, '--import', 'tsx', join(example, 'demo.ts')], {
  show: 'stdout',
});

// delete_node is destructive: the AI SDK loop stops with a tool-approval-request for each
// deletion; the script approves one and denies the other, and the ToolLog says who decided.
run(
  'approval: two destructive calls stop the AI SDK loop; the script approves one, denies the other',
  [process.execPath, '--import', 'tsx', join(example, 'approval-demo.ts')],
  {
    show: 'stdout',
    expect: /delete_node \{"id":"n3"\}: denied by the main job script[^]*delete_node \{"id":"n6"\}: approved by the main job script/,
  },
);

const store = join(out, 'skills.db');
const skill = (...args) => ['agent-tools', 'skill', ...args, '--store', store];
run(
  'skill install: the example skills folder (prompt, script tool, SKILL.md) into a fresh store',
  skill('install', rel(join(example, 'skills'))),
  { outputs: [store] },
);
// Script skills run inside bubblewrap (Linux). Where it is missing (macOS, a container without
// it), this demo runs our own example script unsandboxed, and says so; a user's own run refuses.
const bwrap = spawnSync('bwrap', ['--version'], { stdio: 'ignore' }).status === 0;
run(
  bwrap
    ? 'skill run: the script skill tint_palette in the sandbox (bubblewrap)'
    : 'skill run: the script skill tint_palette, unsandboxed (bubblewrap is not installed here: --unsandboxed)',
  skill('run', 'tint_palette', '--args', '{"base":"#2563EB","steps":3}', ...(bwrap ? [] : ['--unsandboxed'])),
  { expect: /#2563EB/ },
);
const message = 'Apply the brand colors to the card, then review it for overlap';
run('skill route: the prompt skills this message activates', skill('route', message), {
  expect: /brand_style[^]*layout_review|layout_review[^]*brand_style/,
});
run('skill disable brand_style: switched off', skill('disable', 'brand_style'));
run('skill route: the same message, brand_style no longer activates', skill('route', message), {
  expect: /^(?![^]*brand_style)[^]*layout_review/,
});
run('skill enable brand_style: switched on again', skill('enable', 'brand_style'));
run('skill list: the store', skill('list'));

const failed = steps.filter((s) => !s.ok);
console.log(pc.bold('\nSummary'));
for (const s of steps)
  console.log(`  ${s.ok ? pc.green('✓') : pc.red('✗')} ${s.title} ${pc.dim(`${s.ms} ms`)}${s.ok ? '' : pc.red(` (${s.why})`)}`);
console.log(`\nOutputs in ${out}:`);
for (const p of steps.flatMap((s) => s.outputs)) console.log(`  ${p}`);
console.log(
  failed.length ? pc.red(`\n${failed.length} of ${steps.length} steps failed.`) : pc.green(`\nAll ${steps.length} steps passed.`),
);
process.exitCode = failed.length ? 1 : 0;

// The store the skills went into stays: the skill console shows it (and the canvas toolbox) in a browser.
console.log(`\nBrowse, switch and try these skills and the canvas tools in the skill console (a local page; Ctrl-C stops it):`);
console.log(`  node ${rel(bin)} console --store ${store} --tools ${rel(join(example, 'registry.ts'))}`);
console.log('  then open the URL it prints (it holds the access token).');
