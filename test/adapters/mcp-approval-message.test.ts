/** Tests of the MCP approval question's text: the person approving reads the tool's whole description, its warnings included. */

import { describe, expect, it } from 'vitest';
import { defineTool } from '../../src/core/tool.js';
import { approvalMessage } from '../../src/adapters/mcp-approval.js';

function message(description: string): string {
  const tool = defineTool({ name: 'delete_note', description, mutates: true, params: {}, execute: () => 'ok' });
  return approvalMessage({ tool, args: { id: 'n1' }, why: 'it is destructive', signal: new AbortController().signal });
}

describe('approvalMessage', () => {
  it('keeps a warning that follows the first sentence', () => {
    expect(message('Delete a note by id. This cannot be undone.')).toBe(
      'Allow the tool delete_note to run? Delete a note by id. This cannot be undone. It needs approval: it is destructive. Arguments: {"id":"n1"}',
    );
  });

  it('ends a description without a full stop, and collapses its line breaks', () => {
    expect(message('Delete a note\n  forever')).toBe(
      'Allow the tool delete_note to run? Delete a note forever. It needs approval: it is destructive. Arguments: {"id":"n1"}',
    );
  });

  it('cuts a description over 600 code points after its last whole sentence within them', () => {
    const sentence = 'Removes one row of the notes table. ';
    const long = sentence.repeat(30).trim();
    const shown = message(long).replace('Allow the tool delete_note to run? ', '').split(' It needs approval')[0]!;
    expect(shown.endsWith('table. …')).toBe(true);
    expect([...shown].length).toBeLessThanOrEqual(602);
    expect(shown.split('Removes').length - 1).toBe(Math.floor(600 / sentence.length));
  });
});
