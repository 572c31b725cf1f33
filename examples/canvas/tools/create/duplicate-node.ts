import { defineTool, type CanvasApi } from '../schema.js';

function copyTree(api: CanvasApi, id: string, parentId: string | null, dx: number, dy: number): string {
  const { id: _id, type, parentId: _p, children, text, ...props } = api.requireNode(id);
  const made = api.createNode({ type, ...props, x: props.x + dx, y: props.y + dy, parentId, ...(text ? { text } : {}) });
  for (const child of children) copyTree(api, child, made.id, 0, 0);
  return made.id;
}

/** Copies a node with all its descendants. */
export const duplicateNode = defineTool({
  name: 'duplicate_node',
  description:
    'Copy a node together with all its descendants into the same parent, shifted by an offset in px, and place the copy on top. Returns the copy (new ids for every copied node).',
  mutates: true,
  destructive: false,
  params: {
    id: { type: 'string', required: true, description: 'Id of the node to copy' },
    offsetX: { type: 'number', default: 20, description: 'Horizontal shift of the copy in px' },
    offsetY: { type: 'number', default: 20, description: 'Vertical shift of the copy in px' },
  },
  execute: (api: CanvasApi, { id, offsetX, offsetY }) => {
    const source = api.requireNode(id);
    const copyId = copyTree(api, id, source.parentId, offsetX, offsetY);
    return { ...api.requireNode(copyId), sourceId: id };
  },
  snapshot: (api: CanvasApi, { id }) => {
    const n = api.getNode(id);
    return n && { childCount: api.childrenOf(n.parentId ?? undefined).length };
  },
});
