/** A misspelled approval policy key is a TypeError with a did-you-mean wherever a policy enters, not a policy that denies nothing. */

import { describe, expect, it } from 'vitest';
import { toolsToAI } from '../../src/adapters/ai.js';
import { createMcpServer } from '../../src/adapters/mcp.js';
import { defineTool } from '../../src/core/tool.js';
import { createRegistry } from '../../src/registry/registry.js';
import type { ApprovalPolicy } from '../../src/core/approval.js';

const deleteNote = defineTool({
  name: 'delete_note',
  description: 'Deletes one note by its id, for the approval policy key tests.',
  mutates: true,
  params: { id: { type: 'string', description: 'The note id', required: true } },
  execute: () => 'deleted',
});
// plain JavaScript: nothing stops the typo at compile time
const typo = { deyn: ['delete_*'] } as unknown as ApprovalPolicy;
const DEYN = /unknown option "deyn" \(did you mean "deny"\?\)/;

describe('approval policy keys', () => {
  it('createRegistry refuses { deyn }', () => {
    expect(() => createRegistry({ core: [deleteNote], approval: typo })).toThrow(TypeError);
    expect(() => createRegistry({ core: [deleteNote], approval: typo })).toThrow(DEYN);
  });

  it('toolsToAI refuses { deyn }, and { alow } with "allow"', () => {
    expect(() => toolsToAI([deleteNote], { approval: typo })).toThrow(TypeError);
    expect(() => toolsToAI([deleteNote], { approval: typo })).toThrow(DEYN);
    expect(() => toolsToAI([deleteNote], { approval: { alow: ['delete_note'] } as unknown as ApprovalPolicy })).toThrow(
      /unknown option "alow" \(did you mean "allow"\?\)/,
    );
  });

  it('createMcpServer refuses { deyn }', () => {
    expect(() => createMcpServer([deleteNote], { name: 't', version: '1', approval: typo })).toThrow(TypeError);
    expect(() => createMcpServer([deleteNote], { name: 't', version: '1', approval: typo })).toThrow(DEYN);
  });

  it('the three keys pass', () => {
    expect(() => toolsToAI([deleteNote], { approval: { allow: ['a'], ask: ['b'], deny: ['c'] } })).not.toThrow();
  });
});
