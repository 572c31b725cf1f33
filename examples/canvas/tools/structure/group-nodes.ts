import { unionBox } from '../../canvas/geometry.js';
import { defineTool, type CanvasApi } from '../schema.js';

/** Wraps sibling nodes in a new transparent frame. */
export const groupNodes = defineTool({
  name: 'group_nodes',
  description:
    'Wrap nodes that share one parent in a new transparent frame sized to their bounding box, keeping where they appear on the page. Returns the new frame with its id and children.',
  mutates: true,
  destructive: false,
  params: {
    ids: { type: 'string[]', required: true, min: 1, description: 'Ids of the nodes to group; they must have the same parent' },
    name: { type: 'string', default: 'Group', description: 'Layer name of the new frame' },
  },
  execute: (api: CanvasApi, { ids, name }) => {
    const nodes = ids.map((id) => api.requireNode(id));
    const parents = [...new Set(nodes.map((n) => n.parentId))];
    if (parents.length > 1)
      return { error: `The nodes have different parents (${parents.map(String).join(', ')}); move them into one frame first` };
    const parentId = parents[0] ?? null;
    const box = unionBox(nodes);
    const frame = api.createNode({ type: 'frame', name, parentId, ...box, fills: [] });
    for (const id of ids) api.reparent(id, frame.id);
    return api.requireNode(frame.id);
  },
  snapshot: (api: CanvasApi, { ids }) => ids.map((id) => api.getNode(id)).map((n) => n && { id: n.id, parentId: n.parentId }),
});
