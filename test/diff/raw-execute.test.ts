/** Tests that validate warns and diff fails when code outside any tool calls the very function a tool that asks has as its execute. */

import { describe, expect, it } from 'vitest';
import { cli, tempRepos } from './wipe-toolbox.js';

const STORE = `import { readFileSync, writeFileSync } from 'node:fs';
export function load(): Record<string, string> { return JSON.parse(readFileSync('notes.json', 'utf8')); }
export const save = (n: Record<string, string>): void => writeFileSync('notes.json', JSON.stringify(n));
`;
const HEAD = `import { defineTool } from 'agent-tools';
import { load, save } from './store.js';
`;
const KEYS = `  description: 'Delete one note by its id. This cannot be undone.',
  mutates: true,
  destructive: true,
  params: { id: { type: 'string', description: 'Id of the note', required: true } },`;
const BODY = '{ const n = load(); const had = id in n; delete n[id]; save(n); return { deleted: had }; }';
/** The base's delete_note, its execute written in place. */
const DELETE = `${HEAD}
export const deleteNote = defineTool({
  name: 'delete_note',
${KEYS}
  execute: (_api: unknown, { id }: { id: string }) => ${BODY},
});
`;
/** (a) the definition kept in a const spec, spread into defineTool: the spec's execute is the unguarded function. */
const DELETE_SPEC = `${HEAD}
export const deleteNoteSpec = {
  name: 'delete_note',
${KEYS}
  execute: (_api: unknown, { id }: { id: string }) => ${BODY},
} as const;

export const deleteNote = defineTool({ ...deleteNoteSpec });
`;
/** (b) a named function handed over as the execute. */
const DELETE_FN = `${HEAD}
export function removeNote(_api: unknown, { id }: { id: string }) ${BODY}

export const deleteNote = defineTool({
  name: 'delete_note',
${KEYS}
  execute: removeNote,
});
`;
/** A read-only tool; with `fn`, its execute is the named function listAll. */
const LIST = (fn: boolean) => `import { defineTool } from 'agent-tools';
import { load } from './store.js';
${fn ? '\nexport function listAll() { return { ids: Object.keys(load()) }; }\n' : ''}
export const listNotes = defineTool({
  name: 'list_notes',
  description: 'Lists the ids of every note.',
  mutates: false,
  params: {},
  execute: ${fn ? 'listAll' : '() => ({ ids: Object.keys(load()) })'},
});
`;
/** A second tool that asks, whose execute is the named function wipeAll from the start: the controls' one call to report. */
const WIPE = `import { defineTool } from 'agent-tools';
import { save } from './store.js';

export function wipeAll() { save({}); return { wiped: true }; }

export const wipeNotes = defineTool({
  name: 'wipe_notes',
  description: 'Delete every note. This cannot be undone.',
  mutates: true,
  destructive: true,
  params: {},
  execute: wipeAll,
});
`;
const REGISTRY = `import { createRegistry } from 'agent-tools';
import { deleteNote } from './delete-note.js';
import { listNotes } from './list-notes.js';
import { wipeNotes } from './wipe-notes.js';
export const registry = createRegistry({ core: [deleteNote, listNotes, wipeNotes], extended: [] });
`;
const SCRIPT = (name: string, from: string, call: string) => `import { ${name} } from '../tools/${from}.js';
// Remove the onboarding note on first start.
console.log(await ${call});
`;
const PURGE_SPEC = SCRIPT('deleteNoteSpec', 'delete-note', "deleteNoteSpec.execute(undefined, { id: 'n1' })");
const PURGE_FN = SCRIPT('removeNote', 'delete-note', "removeNote(undefined, { id: 'n1' })");
const WIPE_ALL = SCRIPT('wipeAll', 'wipe-notes', 'wipeAll()');

/** A call the tests expect reported: the file, where in it the call first is (a needle), and the function as written. */
type Call = readonly [file: string, needle: string, fn: string];

describe(
  'validate and diff: code outside any tool that calls the very function a tool that asks has as its execute',
  { timeout: 120_000 },
  () => {
    const current = tempRepos({
      'tools/store.ts': STORE,
      'tools/delete-note.ts': DELETE,
      'tools/list-notes.ts': LIST(false),
      'tools/wipe-notes.ts': WIPE,
      'tools/tools.ts': REGISTRY,
    });
    /** The exit code of `validate .` and the approval-rules lines it prints. */
    const validate = () => {
      const r = cli(current().dir, 'validate', '.');
      return [r.status, r.stdout.split('\n').filter((l) => l.endsWith('  approval-rules'))];
    };
    /** Where `needle` first is in `file`, as the messages write it. */
    const at = (file: string, needle: string) => {
      const { line, column } = current().at(file, needle);
      return `${file}:${line}:${column}`;
    };
    /** What validate prints for the top level of `file` calling `fn` (first at `needle`), the execute of `tool`. */
    const warning = (tool: string, [file, needle, fn]: Call) => {
      const where = at(file, needle);
      const code = `the top level of ${file.split('/').pop()}`;
      return (
        `${where}  warn   Code outside any tool (${code}) calls ${fn} (${where}), the very function "${tool}" has as its execute: ` +
        `it runs "${tool}"'s code outside the pipeline, unasked, and no approval rule, hook or tool log sees it.  approval-rules`
      );
    };
    /** The exit code, stderr and stdout of `diff . --base main` when that call relaxes the approval of `tool`, defined in `toolFile`. */
    const relaxed = (tool: string, toolFile: string, [file, needle, fn]: Call) => {
      const def = at(toolFile, 'defineTool(');
      const code = `the top level of ${file.split('/').pop()}`;
      return [
        1,
        '',
        [
          `${tool}  ${def}`,
          `  breaking  approval-relaxed  \`${tool}\` may no longer ask for approval ` +
            `(code outside any tool (${code}) calls ${fn} at ${at(file, needle)}, the very function ${tool} has as its execute, ` +
            'so its code runs outside the pipeline, unasked, where no rule, hook or tool log sees it; before: it is destructive)',
          '',
          '✖ 1 breaking, 0 minor, 0 patch change against main (3 tools, 3 before): ' +
            'a major version bump (exit 1; --allow-breaking accepts them)',
          '',
        ].join('\n'),
      ];
    };
    const diff = () => {
      const r = cli(current().dir, 'diff', '.', '--base', 'main');
      return [r.status, r.stderr, r.stdout];
    };

    for (const [form, files, call] of [
      [
        '(a) a script calling the execute of a const spec spread into defineTool',
        { 'tools/delete-note.ts': DELETE_SPEC, 'scripts/purge-onboarding.ts': PURGE_SPEC },
        ['scripts/purge-onboarding.ts', 'deleteNoteSpec.execute(', 'deleteNoteSpec.execute'],
      ],
      [
        '(b) a script calling the named function handed over as the execute',
        { 'tools/delete-note.ts': DELETE_FN, 'scripts/purge.ts': PURGE_FN },
        ['scripts/purge.ts', 'removeNote(', 'removeNote'],
      ],
    ] as const)
      it(`${form}: a warning at the call, and diff fails for delete_note`, () => {
        for (const [path, text] of Object.entries(files)) current().write(path, text);
        expect(validate()).toEqual([0, [warning('delete_note', call)]]);
        expect(diff()).toEqual(relaxed('delete_note', 'tools/delete-note.ts', call));
      });

    // each control comes with scripts/wipe.ts calling wipeAll, the execute of wipe_notes, which alone is reported
    const WIPE_CALL = ['scripts/wipe.ts', 'wipeAll(', 'wipeAll'] as const;

    for (const [control, files] of [
      [
        "a helper that delete_note's execute calls (not its execute), called by a script",
        {
          'tools/delete-note.ts': DELETE.replace(`=> ${BODY}`, '=> removeNote(id)').concat(
            `\nexport function removeNote(id: string) ${BODY}\n`,
          ),
          'scripts/purge.ts': SCRIPT('removeNote', 'delete-note', "removeNote('n1')"),
        },
      ],
      ["delete_note's execute called by a test file", { 'tools/delete-note.ts': DELETE_FN, 'scripts/purge.test.ts': PURGE_FN }],
      [
        "a read-only tool's execute called by a script",
        { 'tools/list-notes.ts': LIST(true), 'scripts/list.ts': SCRIPT('listAll', 'list-notes', 'listAll()') },
      ],
    ] as const)
      it(`${control} is not reported`, () => {
        for (const [path, text] of Object.entries(files)) current().write(path, text);
        current().write('scripts/wipe.ts', WIPE_ALL);
        expect(validate()).toEqual([0, [warning('wipe_notes', WIPE_CALL)]]);
        expect(diff()).toEqual(relaxed('wipe_notes', 'tools/wipe-notes.ts', WIPE_CALL));
      });
  },
);
