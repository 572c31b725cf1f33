// Summarises a V8 .cpuprofile (from `node --cpu-prof`): self time by function and by file,
// biggest first. `node bench/profile-summary.js <file.cpuprofile> [top=25]`. Not a benchmark:
// it tells where the time of one run went, which bench/README.md records per row.
import { readFileSync } from 'node:fs';

const [file, topArg = '25'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-summary.js <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map();
// timeDeltas[i] is the time before samples[i] was taken, in µs.
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const short = (url) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/.*node_modules\//, 'nm/')
    .replace(/.*\/(src|dist|bench)\//, '$1/') || '(native)';
const fns = new Map();
const files = new Map();
for (const [id, us] of selfUs) {
  const { callFrame: f } = byId.get(id);
  const fn = `${f.functionName || '(anonymous)'} ${short(f.url)}:${f.lineNumber + 1}`;
  fns.set(fn, (fns.get(fn) ?? 0) + us);
  const where = f.url ? short(f.url).replace(/^(nm\/(@[^/]+\/)?[^/]+).*/, '$1') : f.functionName;
  files.set(where, (files.get(where) ?? 0) + us);
}
const show = (title, m) => {
  console.log(`${title} (of ${(total / 1000).toFixed(1)} ms sampled)`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${(us / 1000).toFixed(1).padStart(9)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`);
};
show('self time by file or package', files);
console.log();
show('self time by function', fns);
