import { defineTool, type CanvasApi } from '../schema.js';

/** Selects nodes so the user sees what the agent is talking about. */
export const setSelection = defineTool({
  name: 'set_selection',
  description:
    "Replace the user's selection with the given nodes, to show them what was found or changed. An empty list clears the selection. Returns the selected ids.",
  mutates: true,
  destructive: false,
  params: {
    ids: { type: 'string[]', required: true, description: 'Ids of the nodes to select, in order' },
  },
  execute: (api: CanvasApi, { ids }) => ({ ids: api.setSelection(ids) }),
  snapshot: (api: CanvasApi) => ({ ids: api.getSelection().map((n) => n.id) }),
});
