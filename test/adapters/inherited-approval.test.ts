/** Tests that every function taking approval or approve in options refuses options that inherit them, and reads only own keys. */

import { Command } from 'commander';
import { afterEach, describe, expect, it } from 'vitest';
import { toolsToAI } from '../../src/adapters/ai.js';
import { toolsToCommands } from '../../src/adapters/cli.js';
import { createMcpServer } from '../../src/adapters/mcp.js';
import { defineTool } from '../../src/core/tool.js';
import { createRegistry } from '../../src/registry/registry.js';
import { runTool } from '../../src/runtime/run-tool.js';
import type { ToolLogEntry } from '../../src/runtime/tool-log.js';
import { AI_MAJOR } from './mock-model.js';

/** The TypeError's text after `<function>: `. */
const WHY =
  'the options inherit from another object (`__proto__: {...}` or Object.create), whose keys (an approval policy, its lists, an ' +
  'approve callback) it would read unseen, as validate and diff do not read them; write a plain object literal';

let ran = 0;
const deleteNote = defineTool({
  name: 'delete_note',
  description: 'Deletes a note for good.',
  mutates: true,
  params: {},
  execute: () => ({ deleted: ++ran }),
});
const registry = createRegistry({ core: [deleteNote] });
/** What a `__proto__` key puts under the options: a policy that lets delete_note run unasked, and an approver that says yes. */
const GRANT = { approval: { allow: ['delete_note'] }, approve: () => true };

describe('options that inherit from another object', () => {
  afterEach(() => void (ran = 0));

  it('createRegistry throws a TypeError naming itself, for __proto__ and Object.create', () => {
    expect(() => createRegistry({ core: [deleteNote], __proto__: GRANT } as never)).toThrow(new TypeError(`createRegistry: ${WHY}`));
    expect(() => createRegistry(Object.assign(Object.create(GRANT) as object, { core: [deleteNote] }))).toThrow(
      new TypeError(`createRegistry: ${WHY}`),
    );
  });

  it('an approval policy that inherits its lists is refused where it enters', () => {
    expect(() => createRegistry({ core: [deleteNote], approval: { __proto__: { allow: ['delete_note'] } } as never })).toThrow(
      new TypeError(`approval: ${WHY}`),
    );
    expect(() => toolsToAI(registry, { approval: { __proto__: { allow: ['delete_note'] } } as never })).toThrow(
      new TypeError(`approval: ${WHY}`),
    );
  });

  it('toolsToAI, createMcpServer and toolsToCommands throw a TypeError naming themselves', () => {
    expect(() => toolsToAI(registry, { __proto__: GRANT } as never)).toThrow(new TypeError(`toolsToAI: ${WHY}`));
    expect(() => createMcpServer(registry, { name: 'notes', version: '1.0.0', __proto__: GRANT } as never)).toThrow(
      new TypeError(`createMcpServer: ${WHY}`),
    );
    expect(() => toolsToCommands(registry, { program: new Command(), __proto__: GRANT } as never)).toThrow(
      new TypeError(`toolsToCommands: ${WHY}`),
    );
  });

  it('runTool does not run the tool: an error result with the same words, logged through the options’ own onToolLog only', async () => {
    const log: ToolLogEntry[] = [];
    const inherited: ToolLogEntry[] = [];
    const options = { onToolLog: (e: ToolLogEntry) => void log.push(e), __proto__: { ...GRANT, onHookError: () => inherited.push() } };
    expect(await runTool(deleteNote, {}, options as never)).toEqual({
      isError: true,
      error: `Tool "delete_note" did not run: runTool: ${WHY}`,
      denied: 'error',
    });
    expect([ran, inherited.length, log.map((e) => [e.approval, e.approvalBy])]).toEqual([
      0,
      0,
      [['denied', 'the pipeline (options that inherit from another object)']],
    ]);
  });

  it('options with no prototype at all (Object.create(null)) are plain: they pass', async () => {
    const options = Object.assign(Object.create(null) as object, { approval: { allow: ['delete_note'] } });
    expect(await runTool(deleteNote, {}, options)).toEqual({ isError: false, value: { deleted: 1 } });
    expect(createRegistry(Object.assign(Object.create(null) as object, { core: [deleteNote] })).all).toEqual([deleteNote]);
  });
});

describe('approval and approve are read as own keys only', () => {
  afterEach(() => {
    delete (Object.prototype as Record<string, unknown>).approval;
    delete (Object.prototype as Record<string, unknown>).approve;
    ran = 0;
  });

  it('a polluted Object.prototype grants nothing: runTool, createRegistry and toolsToAI still ask', async () => {
    Object.assign(Object.prototype, GRANT);
    const result = await runTool(deleteNote, {}, {});
    expect([ran, result.isError, result.isError && result.denied]).toEqual([0, true, 'unavailable']);
    expect(Object.hasOwn(createRegistry({ core: [deleteNote] }), 'approval')).toBe(false);
    const { needsApproval } = toolsToAI(registry, {}).delete_note as { needsApproval?: (i: object, o: object) => Promise<boolean> };
    // ai 5 has no approval round: the call runs through runTool, which asks (above)
    if (AI_MAJOR !== 5) expect(await needsApproval!({}, { toolCallId: 'c1', messages: [] })).toBe(true);
  });
});
