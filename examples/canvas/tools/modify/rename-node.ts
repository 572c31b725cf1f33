import { defineTool, type CanvasApi } from '../schema.js';

/** Renames a node's layer. */
export const renameNode = defineTool({
  name: 'rename_node',
  description: 'Change the layer name of a node, the label shown in the layers panel and matched by find_nodes. Returns the updated node.',
  mutates: true,
  destructive: false,
  params: {
    id: { type: 'string', required: true, description: 'Id of the node' },
    name: { type: 'string', required: true, description: 'The new layer name (not empty)' },
  },
  execute: (api: CanvasApi, { id, name }) => {
    if (name.trim() === '') return { error: 'name must not be empty or only spaces' };
    return api.updateNode(id, { name });
  },
  snapshot: (api: CanvasApi, { id }) => {
    const n = api.getNode(id);
    return n && { name: n.name };
  },
});
