import { describe, expect, it } from 'vitest';
import { createSampleCanvas } from '../canvas/sample.js';
import { deleteNode } from '../tools/structure/delete-node.js';
import { groupNodes } from '../tools/structure/group-nodes.js';
import { reorderNode } from '../tools/structure/reorder-node.js';
import { reparentNode } from '../tools/structure/reparent-node.js';
import { ungroupNode } from '../tools/structure/ungroup-node.js';
import { call } from './call.js';

describe('structure tools', () => {
  it('delete_node deletes the subtree and returns every id', async () => {
    const api = createSampleCanvas();
    expect(deleteNode.destructive).toBe(true);
    expect(await call(deleteNode, api, { id: 'n1' })).toEqual({ id: 'n1', ids: ['n1', 'n2', 'n3', 'n4', 'n5', 'n6'], count: 6 });
    expect(api.getNode('n3')).toBeUndefined();
    expect(await call(deleteNode, api, { id: 'n1' })).toEqual({ error: expect.stringContaining('Node "n1" not found') });
  });

  it('reparent_node moves to the page root and back, keeping the page position', async () => {
    const api = createSampleCanvas();
    expect(await call(reparentNode, api, { id: 'n6' })).toMatchObject({ parentId: null, x: 328, y: 64 });
    expect(await call(reparentNode, api, { id: 'n6', parentId: 'n1', index: 0 })).toMatchObject({ parentId: 'n1', x: 288, y: 24 });
    expect(api.requireNode('n1').children[0]).toBe('n6');
    expect(reparentNode.snapshot!(api, { id: 'n6' })).toEqual({ parentId: 'n1', index: 0 });
    expect(await call(reparentNode, api, { id: 'n1', parentId: 'n1' })).toEqual({ error: expect.stringContaining('inside itself') });
  });

  it('group_nodes wraps siblings in a transparent frame of their bounds', async () => {
    const api = createSampleCanvas();
    const group = await call(groupNodes, api, { ids: ['n4', 'n5'], name: 'CTA' });
    expect(group).toMatchObject({
      id: 'n7',
      name: 'CTA',
      parentId: 'n1',
      x: 24,
      y: 176,
      width: 120,
      height: 40,
      fills: [],
      children: ['n4', 'n5'],
    });
    expect(api.requireNode('n5')).toMatchObject({ x: 20, y: 8 });
    expect(api.absoluteBox('n5')).toMatchObject({ x: 84, y: 224 });
    expect(await call(groupNodes, api, { ids: ['n1', 'n4'] })).toEqual({
      error: 'The nodes have different parents (null, n7); move them into one frame first',
    });
  });

  it('ungroup_node moves children up in place of the frame and deletes it', async () => {
    const api = createSampleCanvas();
    await call(groupNodes, api, { ids: ['n4', 'n5'] });
    expect(await call(ungroupNode, api, { id: 'n7' })).toEqual({ id: 'n7', ids: ['n4', 'n5'], parentId: 'n1' });
    expect(api.requireNode('n1').children).toEqual(['n2', 'n3', 'n6', 'n4', 'n5']);
    expect(api.requireNode('n5')).toMatchObject({ x: 44, y: 184 });
    expect(await call(ungroupNode, api, { id: 'n4' })).toEqual({ error: 'Node "n4" is a rectangle; only frames can be ungrouped' });
  });

  it('reorder_node changes the stacking order', async () => {
    const api = createSampleCanvas();
    expect(await call(reorderNode, api, { id: 'n2', position: 'front' })).toEqual({ id: 'n2', index: 4, siblings: 5 });
    expect(api.requireNode('n1').children).toEqual(['n3', 'n4', 'n5', 'n6', 'n2']);
    await call(reorderNode, api, { id: 'n2', position: 'backward' });
    expect(api.requireNode('n1').children).toEqual(['n3', 'n4', 'n5', 'n2', 'n6']);
    await call(reorderNode, api, { id: 'n6', position: 'back' });
    expect(api.requireNode('n1').children).toEqual(['n6', 'n3', 'n4', 'n5', 'n2']);
    await call(reorderNode, api, { id: 'n3', position: 'forward' });
    expect(api.requireNode('n1').children).toEqual(['n6', 'n4', 'n3', 'n5', 'n2']);
  });
});
