import { defineTool, type CanvasApi } from '../schema.js';

/** Replaces the content of a text node. */
export const setText = defineTool({
  name: 'set_text',
  description:
    'Replace the content of a text node, keeping its font and color. Fails on nodes that are not text nodes. Returns the updated node.',
  mutates: true,
  destructive: false,
  params: {
    id: { type: 'string', required: true, description: 'Id of the text node' },
    content: { type: 'string', required: true, description: 'The new text; may contain line breaks' },
  },
  execute: (api: CanvasApi, { id, content }) => api.updateNode(id, { text: { content } }),
  snapshot: (api: CanvasApi, { id }) => {
    const n = api.getNode(id);
    return n && { content: n.text?.content };
  },
});
