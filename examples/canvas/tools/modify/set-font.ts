import { defineTool, type CanvasApi } from '../schema.js';

/** Changes the font of a text node. */
export const setFont = defineTool({
  name: 'set_font',
  description:
    'Change the font of a text node: family, size in px, CSS weight and italic. Only the given fields change; give at least one. Fails on nodes that are not text nodes.',
  mutates: true,
  destructive: false,
  params: {
    id: { type: 'string', required: true, description: 'Id of the text node' },
    fontFamily: { type: 'string', description: 'Font family name, e.g. "Inter"' },
    fontSize: { type: 'number', min: 1, max: 400, description: 'Font size in px' },
    fontWeight: { type: 'number', min: 100, max: 900, description: 'CSS font weight, 100 (thin) to 900 (black)' },
    italic: { type: 'boolean', description: 'true for italic, false for upright' },
  },
  execute: (api: CanvasApi, { id, ...font }) => {
    if (Object.values(font).every((v) => v === undefined)) {
      return { error: 'Nothing to change: give at least one of fontFamily, fontSize, fontWeight, italic' };
    }
    return api.updateNode(id, { text: font });
  },
  snapshot: (api: CanvasApi, { id }) => {
    const t = api.getNode(id)?.text;
    return t && { fontFamily: t.fontFamily, fontSize: t.fontSize, fontWeight: t.fontWeight, italic: t.italic };
  },
});
