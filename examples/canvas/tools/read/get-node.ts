import { defineTool, type CanvasApi } from '../schema.js';

/** Reads one node with every property, optionally with its direct children. */
export const getNode = defineTool({
  name: 'get_node',
  description:
    'Return every property of one node by id: type, position and size in px relative to its parent, fills, stroke, corner radius, visibility, text content and font, parent id and child ids.',
  mutates: false,
  params: {
    id: { type: 'string', required: true, description: 'Id of the node to read, e.g. "n4"' },
    includeChildren: { type: 'boolean', default: false, description: 'Also return the full properties of its direct children' },
  },
  execute: (api: CanvasApi, { id, includeChildren }) => {
    const node = api.requireNode(id);
    return includeChildren ? { ...node, childNodes: api.childrenOf(id) } : node;
  },
});
