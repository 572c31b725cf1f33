import { defineTool, type CanvasApi } from '../schema.js';

/** Deletes a node and everything inside it. */
export const deleteNode = defineTool({
  name: 'delete_node',
  description:
    'Delete a node and all of its descendants from the document and the selection. This cannot be undone through the tools. Returns every deleted id.',
  mutates: true,
  destructive: true,
  params: {
    id: { type: 'string', required: true, description: 'Id of the node to delete' },
  },
  execute: (api: CanvasApi, { id }) => {
    const deleted = api.deleteNode(id);
    return { id, ids: deleted, count: deleted.length };
  },
  snapshot: (api: CanvasApi, { id }) => api.getNode(id) ?? null,
});
