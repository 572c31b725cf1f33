import { nodeIs } from '../../canvas/summary.js';
import { defineTool, type CanvasApi } from '../schema.js';

/** Rounds the corners of a rectangle or a frame. */
export const setCornerRadius = defineTool({
  name: 'set_corner_radius',
  description: 'Round the corners of a rectangle or frame by a radius in px (0 for square corners). Fails on text nodes and ellipses.',
  mutates: true,
  destructive: false,
  params: {
    id: { type: 'string', required: true, description: 'Id of the rectangle or frame' },
    radius: { type: 'number', required: true, min: 0, max: 1000, description: 'Corner radius in px' },
  },
  execute: (api: CanvasApi, { id, radius }) => {
    const n = api.requireNode(id);
    if (n.type !== 'rectangle' && n.type !== 'frame') return { error: `${nodeIs(n)}; corner radius applies to rectangles and frames` };
    return api.updateNode(id, { cornerRadius: radius });
  },
  snapshot: (api: CanvasApi, { id }) => {
    const n = api.getNode(id);
    return n && { radius: n.cornerRadius };
  },
});
