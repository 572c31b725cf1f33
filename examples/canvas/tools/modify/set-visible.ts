import { defineTool, type CanvasApi } from '../schema.js';

/** Shows or hides a node. */
export const setVisible = defineTool({
  name: 'set_visible',
  description:
    'Show or hide a node and everything inside it. Hidden nodes stay in the document but are left out of export_svg. Returns the updated node.',
  mutates: true,
  destructive: false,
  params: {
    id: { type: 'string', required: true, description: 'Id of the node' },
    visible: { type: 'boolean', required: true, description: 'true to show the node, false to hide it' },
  },
  execute: (api: CanvasApi, { id, visible }) => api.updateNode(id, { visible }),
  snapshot: (api: CanvasApi, { id }) => {
    const n = api.getNode(id);
    return n && { visible: n.visible };
  },
});
