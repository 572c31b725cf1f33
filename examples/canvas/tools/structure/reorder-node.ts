import { defineTool, type CanvasApi } from '../schema.js';

/** Changes the stacking order of a node among its siblings. */
export const reorderNode = defineTool({
  name: 'reorder_node',
  description:
    'Change the stacking order of a node among its siblings: bring it to the front, send it to the back, or move it one step forward or backward. Returns its new index (0 = bottom).',
  mutates: true,
  destructive: false,
  params: {
    id: { type: 'string', required: true, description: 'Id of the node' },
    position: {
      type: 'string',
      enum: ['front', 'back', 'forward', 'backward'],
      required: true,
      description: 'Where to move it in the stack',
    },
  },
  execute: (api: CanvasApi, { id, position }) => {
    const n = api.requireNode(id);
    const siblings = api.childrenOf(n.parentId ?? undefined).map((c) => c.id);
    const from = siblings.indexOf(id);
    const last = siblings.length - 1;
    const to = { front: last, back: 0, forward: Math.min(last, from + 1), backward: Math.max(0, from - 1) }[position];
    api.reparent(id, n.parentId, to);
    return { id, index: to, siblings: siblings.length };
  },
  snapshot: (api: CanvasApi, { id }) => {
    const n = api.getNode(id);
    return n && { index: api.childrenOf(n.parentId ?? undefined).findIndex((c) => c.id === id) };
  },
});
