/** A tool that asks for approval runs its code only through the pipeline: its own `execute` refuses a direct call, whatever reaches it. */

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApprovalRequiredError, defineTool, runTool } from '../../src/index.js';
import { runTool as runToolOfThePackage } from 'agent-tools';

/** The repository's root, whose built package the spawned processes load as agent-tools. */
const ROOT = resolve(import.meta.dirname, '../..');

const ID = { id: { type: 'string', description: 'Id of the note', required: true } } as const;

function notesToolbox() {
  const notes = new Map([
    ['n1', 'Buy milk'],
    ['n2', 'Call Ada'],
  ]);
  const deleteNote = defineTool({
    name: 'delete_note',
    description: 'Deletes one note by its id.',
    mutates: true,
    destructive: true,
    params: ID,
    execute: (_api: unknown, { id }) => ({ deleted: notes.delete(id) }),
  });
  const readNote = defineTool({
    name: 'read_note',
    description: 'Reads one note by its id.',
    mutates: false,
    params: ID,
    execute: (_api: unknown, { id }) => ({ text: notes.get(id) ?? null }),
  });
  return { notes, deleteNote, readNote };
}

const REFUSAL =
  'Tool "delete_note" asks for approval (it is destructive), so its execute runs only through runTool or an adapter, which ask first. ' +
  'In a unit test: await runTool(tool, args, { getApi: () => api, approve: () => true }).';

describe("a defined tool's execute", () => {
  it('refuses a direct call of a destructive tool and runs nothing; a read-only tool runs', () => {
    const { notes, deleteNote, readNote } = notesToolbox();
    let thrown: unknown;
    try {
      deleteNote.execute(undefined, { id: 'n1' }, undefined as never);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(ApprovalRequiredError);
    expect(thrown).toMatchObject({ name: 'ApprovalRequiredError', toolName: 'delete_note', message: REFUSAL });
    expect(notes.has('n1')).toBe(true);
    expect(readNote.execute(undefined, { id: 'n1' }, undefined as never)).toEqual({ text: 'Buy milk' });
  });

  it('refuses the ways a pull request reached it past the static readers: a class field, a loop over exports, a copy, a bound call', () => {
    const { notes, deleteNote } = notesToolbox();
    class Cleaner {
      constructor(private readonly remover = deleteNote) {}
      clear(id: string) {
        return this.remover.execute(undefined, { id }, undefined as never);
      }
    }
    const firstFunction = (tools: Record<string, object>) => {
      for (const t of Object.values(tools))
        for (const v of Object.values(t)) if (typeof v === 'function') return (v as (...a: unknown[]) => unknown)(undefined, { id: 'n1' });
      return undefined;
    };
    expect(() => new Cleaner().clear('n1')).toThrow(REFUSAL);
    expect(() => firstFunction({ deleteNote })).toThrow(REFUSAL);
    expect(() => ({ ...deleteNote, needsApproval: false }).execute(undefined, { id: 'n1' }, undefined as never)).toThrow(REFUSAL);
    expect(() => Reflect.apply(deleteNote.execute, null, [undefined, { id: 'n2' }])).toThrow(REFUSAL);
    expect(() => Object.getOwnPropertyDescriptor(deleteNote, 'execute')!.value(undefined, { id: 'n2' })).toThrow(REFUSAL);
    expect([...notes.keys()]).toEqual(['n1', 'n2']);
  });

  it("runs when the tool's own needsApproval function answers false for the args, sync or async, and refuses otherwise", async () => {
    const seen: unknown[] = [];
    const make = (answer: (id: string) => boolean | Promise<boolean>) =>
      defineTool({
        name: 'archive_note',
        description: 'Archives one note by its id.',
        mutates: true,
        params: ID,
        needsApproval: ({ id }, ctx) => (seen.push(ctx), answer(id)),
        execute: (_api: unknown, { id }) => ({ archived: id }),
      });
    const sync = make((id) => id !== 'draft');
    expect(sync.execute(undefined, { id: 'draft' }, undefined as never)).toEqual({ archived: 'draft' });
    expect(() => sync.execute(undefined, { id: 'n1' }, undefined as never)).toThrow(
      'Tool "archive_note" asks for approval (its needsApproval), so its execute runs only',
    );
    const later = make(async (id) => id !== 'draft');
    await expect(later.execute(undefined, { id: 'draft' }, undefined as never)).resolves.toEqual({ archived: 'draft' });
    await expect(later.execute(undefined, { id: 'n1' }, undefined as never)).rejects.toThrow(ApprovalRequiredError);
    const throwing = make(() => {
      throw new Error('no rule');
    });
    expect(() => throwing.execute(undefined, { id: 'draft' }, undefined as never)).toThrow(ApprovalRequiredError);
    expect(seen[0]).toEqual({ toolName: 'archive_note', caller: 'a direct call of execute' });
  });

  it('runs through runTool after the approval step: approved it runs, with nobody to ask it does not', async () => {
    const { notes, deleteNote } = notesToolbox();
    const denied = await runTool(deleteNote, { id: 'n1' });
    expect(denied).toMatchObject({ isError: true, denied: 'unavailable' });
    expect(notes.has('n1')).toBe(true);
    const approved = await runTool(deleteNote, { id: 'n1' }, { approve: ({ tool }) => tool.name === 'delete_note' });
    expect(approved).toMatchObject({ isError: false, value: { deleted: true } });
    expect(notes.has('n1')).toBe(false);
  });

  it('runs a copy of a tool under the stricter of its own rules and those of the tool whose code it runs', async () => {
    const { notes, deleteNote, readNote } = notesToolbox();
    const unasked = await runTool({ ...deleteNote, needsApproval: false }, { id: 'n1' });
    expect(unasked).toMatchObject({ isError: true, denied: 'unavailable' });
    // a policy that allows the copy's new name does not allow the tool it copies
    const renamed = await runTool(
      { ...deleteNote, name: 'read_x', mutates: false, destructive: false },
      { id: 'n1' },
      {
        approval: { allow: ['read_*'] },
      },
    );
    expect(renamed).toMatchObject({ isError: true, denied: 'unavailable' });
    expect(notes.has('n1')).toBe(true);
    // a relabelled copy of a read-only tool runs as before
    const relabelled = await runTool({ ...readNote, description: 'Reads a note (relabelled).' }, { id: 'n1' });
    expect(relabelled).toMatchObject({ isError: false, value: { text: 'Buy milk' } });
  });

  it('a pipeline of another copy of agent-tools in the process says so and runs nothing', async () => {
    const { notes, deleteNote } = notesToolbox();
    const result = await runToolOfThePackage(deleteNote, { id: 'n1' }, { approve: () => true });
    expect(result.isError).toBe(true);
    expect(result.isError && result.error).toMatch(
      /^Tool "delete_note" did not run: it was defined by another copy of agent-tools \(file:\/\/.*\/src\/core\/guarded-execute\.ts\) than the one running it \(file:\/\/.*\/dist\/core\/guarded-execute\.js\), and only the copy that defined a tool that asks for approval runs its code\. Load one copy in the process: import agent-tools by its package name everywhere \(import, not require, in ESM projects\), and check `npm ls agent-tools`\.$/,
    );
    expect(notes.has('n1')).toBe(true);
  });

  it('the same file loaded twice (require of the package in a .cts under tsx, import in the tool file) is named as such', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-tools-two-copies-'));
    try {
      mkdirSync(join(dir, 'node_modules'));
      symlinkSync(ROOT, join(dir, 'node_modules', 'agent-tools'), 'dir');
      writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
      writeFileSync(
        join(dir, 'del.ts'),
        "import { defineTool } from 'agent-tools';\nexport const del = defineTool({ name: 'del_x', description: 'Deletes x.', " +
          "destructive: true, params: {}, execute: () => 'deleted' });\n",
      );
      writeFileSync(
        join(dir, 'run.cts'),
        "const at = require('agent-tools');\nimport('./del.ts').then(async ({ del }) => " +
          'console.log(JSON.stringify(await at.runTool(del, {}, { approve: () => true }))));\n',
      );
      const r = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'run.cts'], {
        cwd: dir,
        encoding: 'utf8',
      });
      const result = JSON.parse(r.stdout) as { isError: boolean; error: string };
      expect(result.isError).toBe(true);
      expect(result.error).toMatch(
        /^Tool "del_x" did not run: it was defined by a second instance of the same file \(file:\/\/.*\/dist\/core\/guarded-execute\.js: loaded once by import and once by require, as a loader such as tsx does for require in a \.cts file, or in a \.ts file of a CommonJS project\), and only the copy/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a tool that does not ask, given as execute the very function a tool that asks was given', () => {
  /** `delete_note` and a read-only `tidy_note` sharing one `removeNote`, defined in the order `order` says. */
  function sharedToolbox(order: 'delete first' | 'tidy first') {
    const notes = new Map([['n1', 'Buy milk']]);
    const removeNote = (_api: unknown, { id }: { id: string }) => ({ deleted: notes.delete(id) });
    const tidy = () =>
      defineTool({ name: 'tidy_note', description: 'Tidies one note by its id.', mutates: false, params: ID, execute: removeNote });
    const del = () =>
      defineTool({
        name: 'delete_note',
        description: 'Deletes one note by its id.',
        mutates: true,
        destructive: true,
        params: ID,
        execute: removeNote,
      });
    const tidyNote = order === 'tidy first' ? tidy() : (del(), tidy());
    if (order === 'tidy first') del();
    return { notes, tidyNote };
  }

  for (const order of ['delete first', 'tidy first'] as const)
    it(`asks before it runs, as the other does (${order}), and runs once approved`, async () => {
      const { notes, tidyNote } = sharedToolbox(order);
      const denied = await runTool(tidyNote, { id: 'n1' });
      expect([denied.isError && denied.error, notes.has('n1')]).toEqual([
        'Tool "tidy_note" needs approval before it runs (it runs the code of "delete_note", which asks: it is marked destructive ' +
          '(destructive: true)), but nobody can be asked here (runTool). It did not run. ' +
          'Allow it with an approval policy (approval: { allow: ["tidy_note"] }) or pass an approve function.',
        true,
      ]);
      const asked: string[] = [];
      const approved = await runTool(tidyNote, { id: 'n1' }, { approve: ({ tool, why }) => (asked.push(`${tool.name}: ${why}`), true) });
      expect([approved, asked, notes.has('n1')]).toMatchObject([
        { isError: false, value: { deleted: true } },
        ['tidy_note: it runs the code of "delete_note", which asks: it is marked destructive (destructive: true)'],
        false,
      ]);
    });
});
