/** Tests of approval: the safe default for a mutating tool, and the pipeline's approval step with policies and approvers. */

import { describe, expect, it } from 'vitest';
import { isDestructive, isReadOnly } from '../../src/core/approval.js';
import { ToolDefinitionError } from '../../src/core/errors.js';
import { defineTool, type AnyToolDef } from '../../src/core/tool.js';
import { toolsListEntry } from '../../src/core/tools-list-entry.js';
import { createRegistry } from '../../src/registry/registry.js';
import { withToolsApproval, type ApprovalRequest } from '../../src/runtime/approval.js';
import { runTool, type PipelineOptions } from '../../src/runtime/run-tool.js';
import type { ToolLogEntry } from '../../src/runtime/tool-log.js';

const runs: string[] = [];
const tool = (name: string, extra: Partial<AnyToolDef> = {}) =>
  defineTool({
    name,
    description: `The ${name} tool.`,
    params: { id: { type: 'string', description: 'Node id', required: true } },
    execute: (_api, args) => {
      runs.push(`${name} ${args.id}`);
      return { id: args.id };
    },
    ...extra,
  } as Parameters<typeof defineTool>[0]) as AnyToolDef;

const deleteNode = tool('delete_node', { mutates: true });
const renameNode = tool('rename_node', { mutates: true, destructive: false });
const getNode = tool('get_node', { mutates: false });
/** A tool that does not say whether it mutates: a new user's first tool, as often as not. */
const dropTable = tool('drop_table');

/** Runs one call and returns the result, the ToolLog entry and whether `execute` ran. */
async function call(def: AnyToolDef, options: PipelineOptions = {}, approve?: (r: ApprovalRequest) => boolean) {
  runs.length = 0;
  const log: ToolLogEntry[] = [];
  const result = await runTool(def, { id: 'n1' }, { ...options, onToolLog: (e) => void log.push(e) }, approve ? { approve } : {});
  return { result, entry: log[0]!, ran: runs.length === 1 };
}

describe('the safe default: a tool that does not say is destructive (MCP spec 2025-06-18, ToolAnnotations)', () => {
  it('isDestructive and destructiveHint follow mutates unless destructive says otherwise', () => {
    expect([deleteNode, renameNode, getNode].map(isDestructive)).toEqual([true, false, false]);
    expect([deleteNode, renameNode, getNode].map((d) => toolsListEntry(d).annotations.destructiveHint)).toEqual([true, false, false]);
  });

  it('a tool that leaves mutates out is listed not read-only, destructive and not idempotent (the spec defaults)', () => {
    expect([dropTable, getNode, deleteNode].map(isReadOnly)).toEqual([false, true, false]);
    expect(isDestructive(dropTable)).toBe(true);
    expect(toolsListEntry(dropTable).annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: false,
    });
    // only the author's own words move it off the safe side
    expect(toolsListEntry(tool('drop_table', { destructive: false, idempotent: true })).annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
    });
    expect(toolsListEntry(getNode).annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
  });

  it('runTool asks before a tool that leaves mutates out, saying why, and denies it when nobody can be asked', async () => {
    let seen: ApprovalRequest | undefined;
    const yes = await call(dropTable, {}, (r) => ((seen = r), true));
    expect(seen?.why).toBe('it does not say whether it changes anything (no mutates), so it counts as destructive (the MCP default)');
    expect(yes).toMatchObject({ ran: true, entry: { approval: 'approved', approvalBy: 'the approve option' } });
    const none = await call(dropTable);
    expect(none.ran).toBe(false);
    expect(none.result).toMatchObject({ isError: true, denied: 'unavailable' });
    expect(none.result.isError && none.result.error).toContain('it does not say whether it changes anything (no mutates)');
  });
});

describe('runTool: the approval step', () => {
  it('runs a read-only tool and a tool that says destructive: false without asking, recorded as not-needed', async () => {
    for (const def of [getNode, renameNode]) {
      const { result, entry, ran } = await call(def, {}, () => {
        throw new Error('must not be asked');
      });
      expect(result.isError).toBe(false);
      expect(ran).toBe(true);
      expect(entry).toMatchObject({ approval: 'not-needed', approvalBy: 'the default (not destructive)' });
    }
  });

  it('denies a destructive call when nobody can be asked, without running it, and says how to allow it', async () => {
    const { result, entry, ran } = await call(deleteNode);
    expect(ran).toBe(false);
    expect(result).toMatchObject({ isError: true, denied: 'unavailable' });
    expect(result.isError && result.error).toContain('Tool "delete_node" needs approval before it runs');
    expect(result.isError && result.error).toContain('approval: { allow: ["delete_node"] }');
    expect(entry).toMatchObject({ tool: 'delete_node', approval: 'denied', approvalBy: 'runTool' });
  });

  it('asks the approver with the parsed args and why, and records who approved or denied', async () => {
    let seen: ApprovalRequest | undefined;
    const yes = await call(deleteNode, {}, (r) => ((seen = r), true));
    expect(seen).toMatchObject({ args: { id: 'n1' }, why: 'it is destructive: it mutates and does not say destructive: false' });
    expect(seen!.tool.name).toBe('delete_node');
    // A tool that says destructive: true is told why in its own words, not as the default's.
    await call(tool('drop_page', { mutates: true, destructive: true }), {}, (r) => ((seen = r), false));
    expect(seen).toMatchObject({ why: 'it is marked destructive (destructive: true)' });
    expect(yes.ran).toBe(true);
    expect(yes.entry).toMatchObject({ approval: 'approved', approvalBy: 'the approve option' });

    const no = await call(deleteNode, { approve: () => ({ approved: false, by: 'Ada', reason: 'not today' }) });
    expect(no.ran).toBe(false);
    expect(no.result).toMatchObject({ isError: true, denied: 'person' });
    expect(no.result.isError && no.result.error).toBe('Tool "delete_node" was not approved (denied by Ada: not today), so it did not run.');
    expect(no.entry).toMatchObject({ approval: 'denied', approvalBy: 'Ada' });
  });

  it('options.approve wins over the adapter approver; an approver that throws is a denial', async () => {
    const r = await call(deleteNode, { approve: () => true }, () => false);
    expect(r.ran).toBe(true);
    const boom = await call(deleteNode, {
      approve: () => {
        throw new Error('socket closed');
      },
    });
    expect(boom.ran).toBe(false);
    expect(boom.result.isError && boom.result.error).toContain('asking for approval failed (socket closed)');
    expect(boom.entry.approval).toBe('denied');
  });

  it('needsApproval: a boolean, a function of the args (sync or async); anything but false asks', async () => {
    const always = tool('touch', { needsApproval: true });
    expect((await call(always)).entry).toMatchObject({ approval: 'denied', approvalBy: 'runTool' });
    expect((await call(always, { approve: () => true })).entry).toMatchObject({ approval: 'approved' });

    const never = tool('wipe', { mutates: true, needsApproval: false });
    expect(await call(never)).toMatchObject({ ran: true, entry: { approval: 'not-needed', approvalBy: "the tool's needsApproval" } });

    const seen: unknown[] = [];
    const byArgs = tool('drop', {
      mutates: true,
      needsApproval: async (args: { id: string }, ctx: unknown) => (seen.push(args, ctx), args.id !== 'n1'),
    });
    expect((await call(byArgs)).ran).toBe(true);
    expect(seen).toEqual([{ id: 'n1' }, { toolName: 'drop', caller: 'runTool' }]);

    const undef = tool('forgetful', { needsApproval: () => undefined as unknown as boolean });
    expect((await call(undef)).entry.approval).toBe('denied');
  });

  it('a needsApproval function that throws or rejects is a denial with the error in the log, never a run', async () => {
    for (const needsApproval of [
      () => {
        throw new Error('no session');
      },
      async () => {
        throw new Error('no session');
      },
    ]) {
      const { result, entry, ran } = await call(tool('risky', { needsApproval }), { approve: () => true });
      expect(ran).toBe(false);
      expect(result).toMatchObject({ isError: true, denied: 'error' });
      expect(result.isError && result.error).toBe(
        'Tool "risky" did not run: its needsApproval check failed (no session), and a failed check is a denial.',
      );
      expect(entry).toMatchObject({ approval: 'denied', approvalBy: "the tool's needsApproval (it threw)" });
      expect(entry.error).toContain('no session');
    }
  });

  it('defineTool refuses a needsApproval that is neither a boolean nor a function', () => {
    expect(() => tool('bad', { needsApproval: 'yes' as unknown as boolean })).toThrow(ToolDefinitionError);
  });
});

describe('approval policies: allow, ask, deny by name or glob', () => {
  it('allow runs a destructive tool, ask asks for a read-only one, deny never runs', async () => {
    expect(await call(deleteNode, { approval: { allow: ['delete_*'] } })).toMatchObject({
      ran: true,
      entry: { approval: 'approved', approvalBy: 'the approval policy (allow: "delete_*")' },
    });
    expect((await call(getNode, { approval: { ask: ['get_node'] } })).entry).toMatchObject({ approval: 'denied' });
    const denied = await call(getNode, { approval: { deny: ['*'] } }, () => true);
    expect(denied.ran).toBe(false);
    expect(denied.result).toMatchObject({ isError: true, denied: 'policy' });
    expect(denied.result.isError && denied.result.error).toBe(
      'Tool "get_node" was denied by the approval policy (deny: "*"): it did not run.',
    );
  });

  it('within one policy deny wins over ask and ask over allow; the nearest policy that names the tool decides', async () => {
    expect((await call(deleteNode, { approval: { allow: ['delete_node'], deny: ['delete_*'] } }, () => true)).ran).toBe(false);
    const asked = await call(deleteNode, { approval: { allow: ['*'], ask: ['delete_node'] } }, () => false);
    expect(asked.entry).toMatchObject({ approval: 'denied', approvalBy: 'the approve option' });
    const nearest = await call(deleteNode, { approval: [{ allow: ['delete_node'] }, { deny: ['*'] }] });
    expect(nearest.ran).toBe(true);
    const fallsThrough = await call(deleteNode, { approval: [{ allow: ['get_*'] }, { deny: ['*'] }] });
    expect(fallsThrough.ran).toBe(false);
  });

  it('a registry-wide policy applies after the adapter policy (withToolsApproval)', async () => {
    const registry = createRegistry({ core: [deleteNode, getNode], approval: { allow: ['delete_node'], deny: ['get_node'] } });
    const options = withToolsApproval(registry, { approval: { ask: ['get_node'] } });
    expect(options.approval).toEqual([{ ask: ['get_node'] }, { allow: ['delete_node'], deny: ['get_node'] }]);
    expect((await call(deleteNode, options)).ran).toBe(true);
    expect((await call(getNode, options, () => true)).ran).toBe(true);
  });

  it('a malformed policy fails when the adapter is built, naming the entry', () => {
    expect(() => withToolsApproval([deleteNode], { approval: { allow: ['ok', ''] } })).toThrow(
      'approval.allow[1]: expected a tool name or glob',
    );
    expect(() => withToolsApproval([deleteNode], { approval: { deny: 'delete_*' as unknown as string[] } })).toThrow(
      'approval.deny: expected an array of tool names or globs',
    );
  });
});
