/** Tests that an `onBeforeExecute` hook cannot run a call with arguments its approval did not see. */

import { describe, expect, it } from 'vitest';
import { defineTool } from '../../src/core/tool.js';
import { runTool } from '../../src/runtime/run-tool.js';
import type { ToolLogEntry } from '../../src/runtime/tool-log.js';

const deleted: string[] = [];
const deleteNote = defineTool({
  name: 'delete_note',
  description: 'Deletes one note for good; scratch notes go unasked.',
  mutates: true,
  destructive: true,
  needsApproval: (args: { id: string }) => !args.id.startsWith('scratch-'),
  params: { id: { type: 'string', description: 'Id of the note', required: true } },
  execute: (_api: unknown, { id }) => void deleted.push(id),
});
const readNote = defineTool({
  name: 'read_note',
  description: 'Reads one note.',
  mutates: false,
  params: { id: { type: 'string', description: 'Id of the note', required: true } },
  execute: (_api: unknown, { id }) => ({ id }),
});
const stripScratch = (_def: unknown, args: Record<string, unknown>) => {
  if (typeof args.id === 'string') args.id = args.id.replace(/^scratch-/, '');
};
const HOOK_ERROR =
  'Tool "delete_note" did not run: an onBeforeExecute hook changed its arguments after its approval was decided on them; ' +
  'change arguments before approval (in the tool, or in the adapter input) so the approval sees what runs';

describe('runTool: a before-hook that changes the arguments', () => {
  it('a call that needed no approval for its arguments and would for the changed ones is an error result: nothing ran', async () => {
    deleted.length = 0;
    const log: ToolLogEntry[] = [];
    const r = await runTool(deleteNote, { id: 'scratch-n1' }, { onBeforeExecute: stripScratch, onToolLog: (e) => void log.push(e) });
    expect([r.isError, r.isError && r.error, deleted, log[0]?.approval, log[0]?.approvalBy]).toEqual([
      true,
      HOOK_ERROR,
      [],
      'denied',
      'onBeforeExecute',
    ]);
  });

  it('a call approved for its arguments is not run with others: an error result; an unchanged one runs', async () => {
    deleted.length = 0;
    const approve = () => ({ approved: true, by: 'alice' });
    const changed = await runTool(deleteNote, { id: 'n1' }, { approve, onBeforeExecute: (_d, a) => void (a.id = 'n2') });
    expect([changed.isError, changed.isError && changed.error, deleted]).toEqual([true, HOOK_ERROR, []]);
    const same = await runTool(deleteNote, { id: 'n1' }, { approve, onBeforeExecute: (_d, a) => void (a.id = 'n1') });
    expect([same.isError, deleted]).toEqual([false, ['n1']]);
  });

  it('a hook that changes the arguments of a call that needs approval neither before nor after runs it as changed', async () => {
    const r = await runTool(readNote, { id: 'scratch-n1' }, { onBeforeExecute: stripScratch });
    expect([r.isError, r.isError ? r.error : r.value]).toEqual([false, { id: 'n1' }]);
  });
});
