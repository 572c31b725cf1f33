import { intersects } from '../../canvas/geometry.js';
import { defineTool, type CanvasApi } from '../schema.js';

/** Finds sibling nodes that overlap on the page. */
export const findOverlaps = defineTool({
  name: 'find_overlaps',
  description:
    'Find pairs of visible sibling nodes whose boxes overlap on the page, a common layout mistake. Text over its own button is reported too; judge each pair. Returns the pairs with their ids and names.',
  mutates: false,
  params: {
    within: { type: 'string', description: 'Only check children of this frame (and deeper); omit for the whole page' },
  },
  execute: (api: CanvasApi, { within }) => {
    const parents = [within, ...api.findNodes({ within, type: 'frame' }).map((f) => f.id)];
    const pairs: { a: string; b: string; names: [string, string] }[] = [];
    for (const parent of parents) {
      const kids = api.childrenOf(parent).filter((n) => n.visible);
      kids.forEach((a, i) => {
        for (const b of kids.slice(i + 1)) if (intersects(a, b)) pairs.push({ a: a.id, b: b.id, names: [a.name, b.name] });
      });
    }
    return { count: pairs.length, pairs };
  },
});
