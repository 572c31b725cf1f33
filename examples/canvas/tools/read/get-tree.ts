import { defineTool, type CanvasApi, type CanvasNode } from '../schema.js';

/** One entry of the outline `get_tree` returns. */
export interface Outline {
  id: string;
  name: string;
  type: CanvasNode['type'];
  children?: Outline[];
  more?: number;
}

function outline(api: CanvasApi, n: CanvasNode, depth: number): Outline {
  const base: Outline = { id: n.id, name: n.name, type: n.type };
  if (n.children.length === 0) return base;
  if (depth <= 0) return { ...base, more: n.children.length };
  return { ...base, children: api.childrenOf(n.id).map((c) => outline(api, c, depth - 1)) };
}

/** Reads the document structure as a nested outline of ids, names and types. */
export const getTree = defineTool({
  name: 'get_tree',
  description:
    'Return the document structure as a nested outline (id, name, type, children) from the page root or from one node. Below `depth` levels a node shows only `more`: the number of children not listed.',
  mutates: false,
  params: {
    rootId: { type: 'string', description: 'Start from this node instead of the page root' },
    depth: { type: 'number', min: 0, max: 20, default: 3, description: 'How many levels of children to list' },
  },
  execute: (api: CanvasApi, { rootId, depth }) => {
    const top = rootId === undefined ? api.childrenOf() : [api.requireNode(rootId)];
    return { nodes: top.map((n) => outline(api, n, depth)) };
  },
});
