import { nodeIs } from '../../canvas/summary.js';
import { defineTool, type CanvasApi } from '../schema.js';

/** Dissolves a frame, keeping its children. */
export const ungroupNode = defineTool({
  name: 'ungroup_node',
  description:
    "Dissolve a frame: move its children up into the frame's parent, keeping where they appear on the page, then delete the empty frame. Returns the ids of the children that moved.",
  mutates: true,
  destructive: true,
  params: {
    id: { type: 'string', required: true, description: 'Id of the frame to dissolve' },
  },
  execute: (api: CanvasApi, { id }) => {
    const frame = api.requireNode(id);
    if (frame.type !== 'frame') return { error: `${nodeIs(frame)}; only frames can be ungrouped` };
    const index = api.childrenOf(frame.parentId ?? undefined).findIndex((c) => c.id === id);
    frame.children.forEach((child, i) => api.reparent(child, frame.parentId, index + 1 + i));
    api.deleteNode(id);
    return { id, ids: frame.children, parentId: frame.parentId };
  },
  snapshot: (api: CanvasApi, { id }) => api.getNode(id) ?? null,
});
