import { defineTool, type CanvasApi } from '../schema.js';

/** Sets or removes a node's border. */
export const setStroke = defineTool({
  name: 'set_stroke',
  description: 'Set the border (stroke) of a node to a color and a width in px, or remove it with width 0. Returns the updated node.',
  mutates: true,
  destructive: false,
  params: {
    id: { type: 'string', required: true, description: 'Id of the node' },
    color: { type: 'color', default: '#000000', description: 'Stroke color as hex' },
    width: { type: 'number', min: 0, max: 100, default: 1, description: 'Stroke width in px; 0 removes the stroke' },
  },
  execute: (api: CanvasApi, { id, color, width }) => api.updateNode(id, { stroke: width === 0 ? null : { color, width } }),
  snapshot: (api: CanvasApi, { id }) => {
    const n = api.getNode(id);
    return n && { color: n.stroke?.color, width: n.stroke?.width ?? 0 };
  },
});
