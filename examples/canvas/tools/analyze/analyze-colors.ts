import { normalizeHex } from '../../canvas/colors.js';
import { defineTool, type CanvasApi } from '../schema.js';

/** Counts the colors used in fills and strokes. */
export const analyzeColors = defineTool({
  name: 'analyze_colors',
  description:
    'List every color used in fills and strokes (normalized to upper-case #RRGGBB), with how many nodes use it and up to five of their ids, most used first. Use it to audit a palette.',
  mutates: false,
  params: {
    within: { type: 'string', description: 'Only look inside the node with this id; omit for the whole page' },
  },
  execute: (api: CanvasApi, { within }) => {
    const uses = new Map<string, Set<string>>();
    const add = (color: string, id: string) => {
      const key = normalizeHex(color);
      uses.set(key, (uses.get(key) ?? new Set()).add(id));
    };
    for (const n of api.findNodes({ within })) {
      for (const fill of n.fills) add(fill, n.id);
      if (n.stroke) add(n.stroke.color, n.id);
    }
    const colors = [...uses]
      .map(([color, ids]) => ({ color, count: ids.size, nodeIds: [...ids].slice(0, 5) }))
      .sort((a, b) => b.count - a.count || a.color.localeCompare(b.color));
    return { distinct: colors.length, colors };
  },
});
