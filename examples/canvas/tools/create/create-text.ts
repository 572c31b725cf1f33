import { defineTool, type CanvasApi } from '../schema.js';
import { childCountOf, PLACEMENT_PARAMS } from '../shared-params.js';

/** Creates a text node with its content and font. */
export const createText = defineTool({
  name: 'create_text',
  description:
    'Create a text node with the given content and font at a position in px (relative to the parent frame, or to the page). Returns the new node with its id.',
  mutates: true,
  destructive: false,
  params: {
    content: { type: 'string', required: true, description: 'The text to show; may contain line breaks' },
    ...PLACEMENT_PARAMS,
    width: { type: 'number', min: 1, default: 200, description: 'Width of the text box in px' },
    fontFamily: { type: 'string', default: 'Inter', description: 'Font family name' },
    fontSize: { type: 'number', min: 1, max: 400, default: 16, description: 'Font size in px' },
    fontWeight: { type: 'number', min: 100, max: 900, default: 400, description: 'CSS font weight, 100 (thin) to 900 (black)' },
    color: { type: 'color', default: '#000000', description: 'Text color as hex' },
    name: { type: 'string', description: 'Layer name; defaults to "Text <number>"' },
  },
  execute: (api: CanvasApi, { content, fontFamily, fontSize, fontWeight, color, ...rest }) =>
    api.createNode({
      type: 'text',
      ...rest,
      height: Math.ceil(fontSize * 1.5) * Math.max(1, content.split('\n').length),
      fills: [color],
      text: { content, fontFamily, fontSize, fontWeight },
    }),
  snapshot: childCountOf,
});
