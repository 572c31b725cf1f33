import { describe, expect, it } from 'vitest';
import { createSampleCanvas } from '../canvas/sample.js';
import { findNodes } from '../tools/read/find-nodes.js';
import { getNode } from '../tools/read/get-node.js';
import { getSelection } from '../tools/read/get-selection.js';
import { getTree } from '../tools/read/get-tree.js';
import { call } from './call.js';

describe('read tools', () => {
  it('get_selection returns the selected nodes in order', async () => {
    const api = createSampleCanvas();
    expect(await call(getSelection, api)).toEqual({ count: 1, nodes: [{ id: 'n2', name: 'Title', type: 'text', parentId: 'n1' }] });
    api.setSelection(['n6', 'n4']);
    expect((await call(getSelection, api)).nodes.map((n: { id: string }) => n.id)).toEqual(['n6', 'n4']);
  });

  it('get_node returns every property, and children on request', async () => {
    const api = createSampleCanvas();
    const node = await call(getNode, api, { id: 'n4' });
    expect(node).toEqual({
      id: 'n4',
      name: 'Button',
      type: 'rectangle',
      x: 24,
      y: 176,
      width: 120,
      height: 40,
      fills: ['#2563EB'],
      stroke: null,
      cornerRadius: 8,
      visible: true,
      text: null,
      parentId: 'n1',
      children: [],
    });
    const withKids = await call(getNode, api, { id: 'n1', includeChildren: 'true' });
    expect(withKids.childNodes.map((c: { name: string }) => c.name)).toEqual(['Title', 'Body', 'Button', 'Button label', 'Avatar']);
    expect(await call(getNode, api, { id: 'n9' })).toEqual({ error: expect.stringContaining('Node "n9" not found') });
    await expect(call(getNode, api, {})).rejects.toThrow(/id/);
  });

  it('find_nodes combines filters and honours the limit', async () => {
    const api = createSampleCanvas();
    expect(await call(findNodes, api, { type: 'text', name: 'button' })).toEqual({
      total: 1,
      nodes: [{ id: 'n5', name: 'Button label', type: 'text', parentId: 'n1' }],
    });
    const limited = await call(findNodes, api, { limit: 2 });
    expect(limited.total).toBe(6);
    expect(limited.nodes.map((n: { id: string }) => n.id)).toEqual(['n1', 'n2']);
    await expect(call(findNodes, api, { type: 'circle' })).rejects.toThrow(/frame.*text.*rectangle.*ellipse/);
  });

  it('get_tree outlines the document and cuts at depth', async () => {
    const api = createSampleCanvas();
    const tree = await call(getTree, api);
    expect(tree.nodes).toHaveLength(1);
    expect(tree.nodes[0].children.map((c: { id: string }) => c.id)).toEqual(['n2', 'n3', 'n4', 'n5', 'n6']);
    expect(await call(getTree, api, { depth: 0 })).toEqual({ nodes: [{ id: 'n1', name: 'Card', type: 'frame', more: 5 }] });
    expect(await call(getTree, api, { rootId: 'n6' })).toEqual({ nodes: [{ id: 'n6', name: 'Avatar', type: 'ellipse' }] });
  });
});
