/** Tool search matches a query's verb to its synonyms: "remove a node" finds delete_node. */

import { describe, expect, it } from 'vitest';
import { defineTool } from '../../src/core/tool.js';
import { searchTools } from '../../src/runtime/search-tools.js';
import { queryTerms, SYNONYM_GROUPS, SYNONYM_WEIGHT } from '../../src/runtime/search-synonyms.js';

const tool = (name: string, description: string) => defineTool({ name, description, mutates: false, params: {}, execute: () => null });

/** A node toolbox with the usual verbs, in the order a user lists them: none of the descriptions uses a synonym. */
const NODE_TOOLS = [
  tool('list_nodes', 'Lists the nodes of the document, page by page.'),
  tool('get_node', 'Returns one node by its id, with its properties.'),
  tool('find_nodes', 'Finds the nodes whose name contains the text.'),
  tool('create_node', 'Creates a node of the given kind on the page.'),
  tool('update_node', 'Updates the properties of a node.'),
  tool('delete_node', 'Deletes a node and its children.'),
  tool('duplicate_node', 'Duplicates a node beside the original.'),
];
const top = (query: string, tools = NODE_TOOLS) => searchTools(tools, query, { limit: 3 }).results.map((h) => h.name)[0];

describe('tool search synonyms', () => {
  it.each([
    ['remove a node', 'delete_node'],
    ['erase this node', 'delete_node'],
    ['add a node', 'create_node'],
    ['make a node', 'create_node'],
    ['fetch the node n12', 'get_node'],
    ['show me node n12', 'get_node'],
    ['modify a node', 'update_node'],
    ['change the node', 'update_node'],
    ['enumerate the nodes', 'list_nodes'],
    ['search for nodes by name', 'find_nodes'],
    ['clone this node', 'duplicate_node'],
    ['copy the node', 'duplicate_node'],
  ])('"%s" ranks %s first', (query, expected) => {
    expect(top(query)).toBe(expected);
  });

  it('a tool named with the query’s own verb ranks above one named with its synonym', () => {
    const tools = [...NODE_TOOLS, tool('remove_node', 'Removes a node from its group, keeping it in the document.')];
    expect(searchTools(tools, 'remove the node', { limit: 2 }).results.map((h) => h.name)).toEqual(['remove_node', 'delete_node']);
  });

  it('a synonym counts SYNONYM_WEIGHT of the word, and a tool scores each group once', () => {
    const del = [tool('delete_node', 'Deletes a node.'), tool('get_node', 'Returns a node.')];
    const own = searchTools(del, 'delete').results[0]!;
    const synonym = searchTools(del, 'remove').results[0]!;
    expect([own.name, synonym.name]).toEqual(['delete_node', 'delete_node']);
    expect(synonym.score / own.score).toBeCloseTo(SYNONYM_WEIGHT, 10);
    // "remove delete" is one group: delete_node scores its best term once
    expect(searchTools(del, 'remove delete').results[0]!.score).toBeCloseTo(own.score, 10);
  });

  it('expands only words of a group, and each group holds distinct words', () => {
    expect(queryTerms(['node'])).toEqual([new Map([['node', 1]])]);
    const [remove] = queryTerms(['remov']);
    expect(remove!.get('remov')).toBe(1);
    expect(remove!.get('delet')).toBe(SYNONYM_WEIGHT);
    const words = SYNONYM_GROUPS.flat();
    expect(new Set(words).size).toBe(words.length);
  });
});
