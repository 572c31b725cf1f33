import { unionBox } from '../../canvas/geometry.js';
import { defineTool, type CanvasApi } from '../schema.js';

/** Measures the page-space bounding box of nodes. */
export const getBounds = defineTool({
  name: 'get_bounds',
  description:
    "Return the bounding box, in absolute page px, of one or more nodes together, plus each node's own absolute box. Use it before placing something next to existing content.",
  mutates: false,
  params: {
    ids: { type: 'string[]', required: true, min: 1, description: 'Ids of the nodes to measure' },
  },
  execute: (api: CanvasApi, { ids }) => {
    const boxes = ids.map((id) => ({ id, ...api.absoluteBox(id) }));
    return { bounds: unionBox(boxes), boxes };
  },
});
