import type { CanvasNode } from './types.js';

/** The short form of a node that list-style tools return: id, name, type and parent id. */
export interface NodeSummary {
  id: string;
  name: string;
  type: CanvasNode['type'];
  parentId: string | null;
}

/** {@link NodeSummary} of a node. */
export function summarize(n: CanvasNode): NodeSummary {
  return { id: n.id, name: n.name, type: n.type, parentId: n.parentId };
}
