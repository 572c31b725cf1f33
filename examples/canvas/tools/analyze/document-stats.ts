import { defineTool, type CanvasApi } from '../schema.js';

/** Counts the nodes of the document. */
export const documentStats = defineTool({
  name: 'document_stats',
  description:
    'Count the nodes of the document (or of one subtree): the total, per type, hidden ones, the deepest nesting level and the number of top-level nodes. A cheap first look at an unknown file.',
  mutates: false,
  params: {
    within: { type: 'string', description: 'Count only inside the node with this id; omit for the whole page' },
  },
  execute: (api: CanvasApi, { within }) => {
    const nodes = api.findNodes({ within });
    const byType: Record<string, number> = { frame: 0, text: 0, rectangle: 0, ellipse: 0 };
    const depth = (id: string | null): number => (id === null || id === within ? 0 : 1 + depth(api.requireNode(id).parentId));
    for (const n of nodes) byType[n.type]!++;
    return {
      total: nodes.length,
      byType,
      hidden: nodes.filter((n) => !n.visible).length,
      maxDepth: Math.max(0, ...nodes.map((n) => depth(n.id))),
      topLevel: api.childrenOf(within).length,
    };
  },
});
