import { defineTool, type CanvasApi } from '../schema.js';

/** Moves and resizes a node. */
export const setLayout = defineTool({
  name: 'set_layout',
  description:
    'Move and/or resize a node: position in px relative to its parent, size in px. Only the given fields change; give at least one. Returns the updated node.',
  mutates: true,
  destructive: false,
  params: {
    id: { type: 'string', required: true, description: 'Id of the node' },
    x: { type: 'number', description: 'New left edge in px, relative to the parent' },
    y: { type: 'number', description: 'New top edge in px, relative to the parent' },
    width: { type: 'number', min: 1, description: 'New width in px' },
    height: { type: 'number', min: 1, description: 'New height in px' },
  },
  execute: (api: CanvasApi, { id, ...box }) => {
    if (Object.values(box).every((v) => v === undefined)) return { error: 'Nothing to change: give at least one of x, y, width, height' };
    return api.updateNode(id, box);
  },
  snapshot: (api: CanvasApi, { id }) => {
    const n = api.getNode(id);
    return n && { x: n.x, y: n.y, width: n.width, height: n.height };
  },
});
