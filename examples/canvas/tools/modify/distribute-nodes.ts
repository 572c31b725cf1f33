import { defineTool, type CanvasApi } from '../schema.js';

/** Spaces three or more nodes evenly. */
export const distributeNodes = defineTool({
  name: 'distribute_nodes',
  description:
    'Space three or more nodes so the gaps between them are equal, keeping the first and last node (in page order along the axis) where they are. Returns the new position of each node.',
  mutates: true,
  destructive: false,
  params: {
    ids: { type: 'string[]', required: true, min: 3, description: 'Ids of the nodes to distribute' },
    axis: { type: 'string', enum: ['horizontal', 'vertical'], required: true, description: 'horizontal spaces along x, vertical along y' },
  },
  execute: (api: CanvasApi, { ids, axis }) => {
    const [pos, size] = axis === 'horizontal' ? (['x', 'width'] as const) : (['y', 'height'] as const);
    const items = ids.map((id) => ({ id, box: api.absoluteBox(id) })).sort((a, b) => a.box[pos] - b.box[pos]);
    const first = items[0]!.box;
    const last = items[items.length - 1]!.box;
    const used = items.reduce((sum, it) => sum + it.box[size], 0);
    const gap = (last[pos] + last[size] - first[pos] - used) / (items.length - 1);
    let at = first[pos];
    const moved = items.map(({ id, box }) => {
      const n = api.requireNode(id);
      const after = api.updateNode(id, { [pos]: n[pos] + (at - box[pos]) });
      at += box[size] + gap;
      return { id, x: after.x, y: after.y };
    });
    return { axis, gap: Math.round(gap * 100) / 100, moved };
  },
  snapshot: (api: CanvasApi, { ids }) => ids.map((id) => api.getNode(id)).map((n) => n && { id: n.id, x: n.x, y: n.y }),
});
