import { defineTool, type CanvasApi } from '../schema.js';

/** Replaces a node's fills with one solid color. */
export const setFill = defineTool({
  name: 'set_fill',
  description:
    'Replace all fills of a node with one solid color: the background of a frame or shape, or the text color of a text node. Returns the updated node.',
  mutates: true,
  destructive: false,
  params: {
    id: { type: 'string', required: true, description: 'Id of the node to paint' },
    color: { type: 'color', required: true, description: 'Fill color as hex, e.g. #2563EB or #2563EB80 with alpha' },
  },
  execute: (api: CanvasApi, { id, color }) => api.updateNode(id, { fills: [color] }),
  snapshot: (api: CanvasApi, { id }) => {
    const n = api.getNode(id);
    return n && { color: n.fills.length === 1 ? n.fills[0] : n.fills };
  },
});
