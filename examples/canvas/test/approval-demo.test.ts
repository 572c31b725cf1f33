import { describe, expect, it } from 'vitest';
import { getApi } from '../api.js';
import { APPROVER, runApprovalDemo } from '../approval-demo.js';

describe('the approval round trip (AI SDK generateText with a mock model, delete_node is destructive)', () => {
  it('stops with two tool-approval-requests, runs the approved deletion, and the model reads the denial', async () => {
    const lines: string[] = [];
    const { log, requests, seen, text } = await runApprovalDemo((l) => lines.push(l));
    expect(requests).toEqual([
      { tool: 'delete_node', args: { id: 'n6' } },
      { tool: 'delete_node', args: { id: 'n3' } },
    ]);
    // The denial is logged when the script answers, the approval when the SDK runs the call.
    expect(log.map((e) => [e.tool, e.args, e.approval, e.approvalBy, e.error !== undefined])).toEqual([
      ['find_nodes', { within: 'n1', type: 'ellipse', limit: 50 }, 'not-needed', 'the default (not destructive)', false],
      ['delete_node', { id: 'n3' }, 'denied', APPROVER, true],
      ['delete_node', { id: 'n6' }, 'approved', APPROVER, false],
    ]);
    expect(log[1]!.error).toBe(`Tool "delete_node" was not approved (denied by ${APPROVER}: the body text stays), so it did not run.`);
    expect(log[2]!.result).toEqual({ id: 'n6', ids: ['n6'], count: 1 });
    expect(seen).toContain('delete_node execution-denied (the body text stays)');
    expect(text).toBe('I removed the avatar; the body text stays, as you asked.');
    const api = getApi();
    expect(api.getNode('n6')).toBeUndefined();
    expect(api.requireNode('n1').children).toEqual(['n2', 'n3', 'n4', 'n5']);
    expect(lines).toContain('generateText stopped with 2 tool-approval-request(s):');
    expect(lines).toContain(`${APPROVER}: deny delete_node of n3 "Body" (the body text stays)`);
    expect(lines.at(-1)).toBe('card n1 now holds: n2 Title, n3 Body, n4 Button, n5 Button label');
  });
});
