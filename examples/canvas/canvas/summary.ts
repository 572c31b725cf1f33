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

/** `"Node "n6" is an ellipse"`: names a node and its type with the right article, for error messages. */
export function nodeIs(n: Pick<CanvasNode, 'id' | 'type'>): string {
  return `Node "${n.id}" is ${n.type === 'ellipse' ? 'an' : 'a'} ${n.type}`;
}
