/** Tests that approval cannot be switched off at run time past the readers: a tool's approval keys and a registry's policy are locked. */

import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../src/registry/registry.js';
import { defineTool } from '../../src/core/tool.js';
import { runTool, type PipelineOptions } from '../../src/runtime/run-tool.js';
import { withToolsApproval } from '../../src/runtime/approval.js';

const deleteNote = () =>
  defineTool({
    name: 'delete_note',
    description: 'Deletes a note for good.',
    params: { id: { type: 'string', description: 'The note to delete.', required: true } },
    execute: (_api: unknown, { id }) => ({ deleted: id }),
  });

/** What one call of `def` through the pipeline with `approval` returns when whoever is asked says no. */
const call = (def: ReturnType<typeof deleteNote>, approval?: PipelineOptions['approval']) =>
  runTool(def, { id: 'n1' }, { approval, approve: () => false });

describe('a defined tool: its approval keys are read-only', () => {
  it('an assignment, Object.assign and Object.defineProperty throw; Reflect.set fails; the tool still asks', async () => {
    const tool = deleteNote();
    expect(() => {
      (tool as { needsApproval?: unknown }).needsApproval = false;
    }).toThrow(TypeError);
    expect(() => Object.assign(tool, { mutates: false })).toThrow(TypeError);
    expect(() => Object.defineProperty(tool, 'destructive', { value: false })).toThrow(TypeError);
    expect(Reflect.set(tool, 'needsApproval', false)).toBe(false);
    expect([tool.needsApproval, tool.mutates, tool.destructive]).toEqual([undefined, undefined, undefined]);
    // the keys it left out are not listed, and a copy is a plain object
    expect(Object.keys(tool)).toEqual(['name', 'description', 'params', 'execute']);
    expect({ ...tool }).not.toHaveProperty('mutates');
    const r = await call(tool);
    expect(r).toMatchObject({ isError: true, denied: 'person' });
    expect(JSON.stringify(r)).toContain('did not run');
  });

  it('an object with the tool as its prototype cannot shadow its keys: setPrototypeOf, __proto__, Object.create all still ask', async () => {
    const tool = deleteNote();
    const copies = [
      Object.setPrototypeOf({ needsApproval: false }, tool) as typeof tool,
      { __proto__: tool, needsApproval: false, mutates: false } as unknown as typeof tool,
      Object.create(tool, { needsApproval: { value: false }, destructive: { value: false } }) as typeof tool,
    ];
    for (const copy of copies) {
      expect(copy.needsApproval).toBe(false);
      const r = await call(copy);
      expect(r).toMatchObject({ isError: true, denied: 'person' });
    }
    // a tool that says needsApproval: false itself keeps its word through a prototype copy
    const quiet = defineTool({
      name: 'delete_note',
      description: 'Deletes a note for good.',
      needsApproval: false,
      params: { id: { type: 'string', description: 'The note to delete.', required: true } },
      execute: (_api: unknown, { id }) => ({ deleted: id }),
    });
    expect(await call(Object.create(quiet) as typeof quiet)).toMatchObject({ isError: false });
  });

  it("its name and execute are read-only too: another tool's execute or a name a rule allows cannot be put on it", async () => {
    const readNote = defineTool({
      name: 'read_note',
      description: 'Reads a note.',
      mutates: false,
      params: { id: { type: 'string', description: 'The note to read.', required: true } },
      execute: (_api: unknown, { id }) => ({ read: id }),
    });
    const del = deleteNote();
    expect(() => {
      (readNote as { execute: unknown }).execute = del.execute;
    }).toThrow(TypeError);
    expect(() => Object.assign(readNote, { execute: del.execute })).toThrow(TypeError);
    expect(() => {
      (del as { name: string }).name = 'read_and_clear_note';
    }).toThrow(TypeError);
    expect(() => Object.defineProperty(del, 'name', { value: 'read_and_clear_note' })).toThrow(TypeError);
    expect(Reflect.set(readNote, 'execute', del.execute)).toBe(false);
    const read = await runTool(readNote, { id: 'n1' }, {});
    expect([read.isError, JSON.stringify(read).includes('"read":"n1"'), JSON.stringify(read).includes('deleted')]).toEqual([
      false,
      true,
      false,
    ]);
    expect(await call(del, { allow: ['read_*'] })).toMatchObject({ isError: true, denied: 'person' });
    // both stay listed, as the definition wrote them
    expect(Object.keys(readNote)).toEqual(['name', 'description', 'mutates', 'params', 'execute']);
  });

  it('keys the definition sets keep their value and stay enumerable', () => {
    const tool = defineTool({
      name: 'read_note',
      description: 'Reads a note.',
      mutates: false,
      needsApproval: true,
      params: {},
      execute: () => ({}),
    });
    expect([tool.mutates, tool.needsApproval]).toEqual([false, true]);
    expect(Object.keys(tool)).toContain('mutates');
    expect(() => Object.assign(tool, { needsApproval: false })).toThrow(TypeError);
  });
});

describe('a registry: frozen, with a frozen copy of its policy', () => {
  it('replacing its policy throws, and changing the policy object given changes nothing', async () => {
    const policy = { allow: [] as string[] };
    const registry = createRegistry({ core: [deleteNote()], approval: policy });
    expect(Object.isFrozen(registry)).toBe(true);
    expect(() => Object.assign(registry, { approval: { allow: ['*'] } })).toThrow(TypeError);
    expect(() => {
      (registry as { approval?: unknown }).approval = { allow: ['*'] };
    }).toThrow(TypeError);
    policy.allow.push('delete_note');
    expect(registry.approval).toEqual({ allow: [] });
    expect(() => (registry.approval!.allow as string[]).push('delete_note')).toThrow(TypeError);
    const options = withToolsApproval<PipelineOptions>(registry, {});
    const r = await call(registry.get('delete_note')!, options.approval);
    expect(r).toMatchObject({ isError: true, denied: 'person' });
    // the policy object as given does allow it: the pipeline would run it
    const allowed = await call(registry.get('delete_note')!, policy);
    expect(allowed).toMatchObject({ isError: false, value: { deleted: 'n1' } });
  });
});

describe('what the pipeline refuses to run as a tool', () => {
  /** A tool that counts the calls of its execute. */
  const counted = () => {
    const runs: string[] = [];
    const tool = defineTool({
      name: 'delete_note',
      description: 'Deletes a note for good.',
      params: { id: { type: 'string', description: 'The note to delete.', required: true } },
      execute: (_api: unknown, { id }) => {
        runs.push(id);
        return { deleted: id };
      },
    });
    return { tool, runs };
  };

  it('a verdict passed to the public runTool is not taken: the call still asks, and is denied when the answer is no', async () => {
    const { tool, runs } = counted();
    const r = await runTool(tool, { id: 'n1' }, { approve: () => false }, { verdict: { need: 'none', by: 'a nightly job' } } as never);
    expect([r.isError, 'denied' in r ? r.denied : undefined, runs]).toEqual([true, 'person', []]);
  });

  it('a Proxy of a tool (over a fresh object or over the tool) that says needsApproval: false is refused, and execute never runs', async () => {
    const { tool, runs } = counted();
    const override = (target: object) =>
      new Proxy(target, { get: (_t, key) => (key === 'needsApproval' ? false : Reflect.get(tool, key)) }) as typeof tool;
    for (const p of [override(Object.create(null) as object), override({ ...tool })]) {
      const r = await runTool(p, { id: 'n1' }, {});
      expect(r).toEqual({
        isError: true,
        denied: 'error',
        error:
          'Tool "delete_note" did not run: it is a Proxy, whose approval keys and execute may answer otherwise than its definition; pass the tool defineTool returned, and wrap it inside its execute or in the hooks.',
      });
    }
    expect(runs).toEqual([]);
  });

  it("an object made from a read-only tool that puts a destructive tool's execute over it is refused", async () => {
    const { tool, runs } = counted();
    const readNote = defineTool({ name: 'read_note', description: 'Reads a note.', mutates: false, params: {}, execute: () => ({}) });
    const copy = Object.create(readNote, { execute: { value: tool.execute } }) as typeof readNote;
    const r = await runTool(copy, {}, {});
    expect([r.isError && r.error, runs]).toEqual([
      'Tool "read_note" did not run: it puts another execute over the defined tool it is made from (its prototype); pass the tool defineTool returned, and wrap it inside its execute or in the hooks.',
      [],
    ]);
  });
});
