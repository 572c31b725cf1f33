// `npm run new:check -- <check-id>`: writes a new validate check, its test, its fixture and its line in the check list.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const root = join(import.meta.dirname, '..');
const id = process.argv[2];

function fail(message) {
  process.stderr.write(`new:check: ${message}\n`);
  process.exit(2);
}

if (!id || id.startsWith('-'))
  fail('give the check id in kebab case: npm run new:check -- <check-id> (e.g. npm run new:check -- output-declared)');
if (!/^[a-z]+(-[a-z]+)*$/.test(id)) fail(`'${id}' is not a kebab-case id (lower-case words joined by -, e.g. output-declared)`);

const camel = id.replace(/-([a-z])/g, (_m, c) => c.toUpperCase());
const title = id.charAt(0).toUpperCase() + id.slice(1).replaceAll('-', ' ');
const files = {
  check: `src/validate/checks/${id}.ts`,
  test: `test/validate/checks/${id}.test.ts`,
  fixture: `fixtures/validate/${id}/tools/tool.ts`,
  index: 'src/validate/checks/index.ts',
};
for (const f of [files.check, files.test, files.fixture]) if (existsSync(join(root, f))) fail(`${f} exists already: nothing written`);
const indexPath = join(root, files.index);
const index = readFileSync(indexPath, 'utf8');
if (index.includes(`from './${id}.js'`)) fail(`${files.index} lists ${id} already: nothing written`);

const describedTool = "name: 'set_font', description: 'Sets the font family of a text node.', mutates: true, params: {}";
const todoTool = "name: 'set_font', description: 'TODO: say what this tool does.', mutates: true, params: {}";

const check = `/** The ${id} check: ${title.toLowerCase()} (say in one line what it requires). */
import { defineCheck } from '../define-check.js';

/**
 * What the check requires and why, with the source of the rule (a spec and its revision, a
 * provider's documented limit). The rule written here is the generator's placeholder, to be
 * replaced: it reports a tool whose description still says TODO.
 */
export default defineCheck({
  id: '${id}',
  title: '${title}',
  scope: 'tool',
  severity: 'warn',
  docs: {
    summary: 'One paragraph for docs/checks.md and \`npx agent-tools explain ${id}\`: what the check requires, and why it matters to a client or a model.',
    failing: \`import { defineTool } from 'agent-tools';
/** Sets the font. */
export const setFont = defineTool({ ${todoTool}, execute: () => ({}) });\`,
    passing: \`import { defineTool } from 'agent-tools';
/** Sets the font. */
export const setFont = defineTool({ ${describedTool}, execute: () => ({}) });\`,
  },
  messages: {
    todo: 'Tool "{{name}}" has a description that still says TODO.',
  },
  hints: {
    todo: 'Write the description the model will read.',
  },
  run({ analysis, report }) {
    for (const tool of analysis.tools)
      if (/\\bTODO\\b/.test(tool.description))
        report({ file: tool.file, line: tool.line, column: tool.column, messageId: 'todo', data: { name: tool.name } });
  },
});
`;

const test = `/** The ${id} check: valid and invalid cases, run by the RuleTester-style helper. */
import { ruleTester, toolSource } from '../helpers.js';

ruleTester('${id}', {
  valid: [{ name: 'a tool with a real description', files: toolSource("${describedTool}") }],
  invalid: [
    {
      name: 'a description that says TODO',
      files: toolSource("${todoTool}"),
      errors: [{ messageId: 'todo', message: 'Tool "set_font" has a description that still says TODO.', file: 'tools/tool.ts', line: 3, column: 18 }],
    },
  ],
});
`;

const fixture = `import { defineTool } from 'agent-tools';

/** Sets the font. */
export const setFont = defineTool({ ${todoTool}, execute: () => ({}) });
`;

// the check list: an import beside the others, the check at the end of the list (report order: move it up for a folder check)
const lines = index.split('\n');
const lastImport = lines.findLastIndex((l) => l.startsWith('import '));
lines.splice(lastImport + 1, 0, `import ${camel} from './${id}.js';`);
const end = lines.findIndex((l) => /^\] as const satisfies readonly Check\[\];$/.test(l));
if (end < 0) fail(`${files.index}: cannot find the end of the CHECKS list ('] as const satisfies readonly Check[];'): nothing written`);
lines.splice(end, 0, `  ${camel},`);

/** Writes `text` to `path` (relative to the repository) atomically, making its folder. */
function write(path, text) {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(`${full}.${process.pid}.tmp`, text);
  renameSync(`${full}.${process.pid}.tmp`, full);
  process.stdout.write(`wrote ${path}\n`);
}

write(files.check, check);
write(files.test, test);
write(files.fixture, fixture);
write(files.index, lines.join('\n'));
process.stdout.write(`next:
  1. write the rule in ${files.check} (messages, docs examples) and its cases in ${files.test};
     make ${files.fixture} break it
  2. npm run docs:checks           (docs/checks.md is generated from the checks)
  3. npx vitest run test/validate  (the fixture's expected.txt is written on its first run: review it)
`);
