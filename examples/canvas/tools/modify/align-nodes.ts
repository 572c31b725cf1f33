import { unionBox } from '../../canvas/geometry.js';
import { defineTool, type CanvasApi } from '../schema.js';

/** Lines several nodes up along one edge or center line. */
export const alignNodes = defineTool({
  name: 'align_nodes',
  description:
    'Align two or more nodes along an edge or center line of their common bounding box, measured on the page (so nodes in different frames line up visually). Returns the new position of each node.',
  mutates: true,
  destructive: false,
  params: {
    ids: { type: 'string[]', required: true, min: 2, description: 'Ids of the nodes to align' },
    edge: {
      type: 'string',
      enum: ['left', 'center', 'right', 'top', 'middle', 'bottom'],
      required: true,
      description: 'left/center/right move nodes horizontally; top/middle/bottom vertically',
    },
  },
  execute: (api: CanvasApi, { ids, edge }) => {
    const boxes = ids.map((id) => api.absoluteBox(id));
    const all = unionBox(boxes);
    const moved = ids.map((id, i) => {
      const b = boxes[i]!;
      const n = api.requireNode(id);
      const shift: Record<string, [number, number]> = {
        left: [all.x - b.x, 0],
        center: [all.x + all.width / 2 - (b.x + b.width / 2), 0],
        right: [all.x + all.width - (b.x + b.width), 0],
        top: [0, all.y - b.y],
        middle: [0, all.y + all.height / 2 - (b.y + b.height / 2)],
        bottom: [0, all.y + all.height - (b.y + b.height)],
      };
      const [dx, dy] = shift[edge]!;
      const after = api.updateNode(id, { x: n.x + dx, y: n.y + dy });
      return { id, x: after.x, y: after.y };
    });
    return { ids, edge, moved };
  },
  snapshot: (api: CanvasApi, { ids }) => ids.map((id) => api.getNode(id)).map((n) => n && { id: n.id, x: n.x, y: n.y }),
});
