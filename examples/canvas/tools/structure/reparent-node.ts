import { defineTool, type CanvasApi } from '../schema.js';

/** Moves a node into another frame, or out to the page. */
export const reparentNode = defineTool({
  name: 'reparent_node',
  description:
    'Move a node into another frame (or out to the page root when parentId is omitted), keeping where it appears on the page; its x and y become relative to the new parent. Returns the moved node.',
  mutates: true,
  destructive: false,
  params: {
    id: { type: 'string', required: true, description: 'Id of the node to move' },
    parentId: { type: 'string', description: 'Id of the new parent frame; omit to move it to the page root' },
    index: { type: 'number', min: 0, description: 'Position among the new siblings, 0 = bottom; omit to place it on top' },
  },
  execute: (api: CanvasApi, { id, parentId, index }) => api.reparent(id, parentId ?? null, index),
  snapshot: (api: CanvasApi, { id }) => {
    const n = api.getNode(id);
    return n && { parentId: n.parentId, index: api.childrenOf(n.parentId ?? undefined).findIndex((c) => c.id === id) };
  },
});
