import { defineTool, type CanvasApi } from '../schema.js';

/** Creates a frame: the container other nodes are placed in. */
export const createFrame = defineTool({
  name: 'create_frame',
  description:
    'Create a frame, the container that holds other nodes (a card, a screen, a section). Children are positioned relative to its top-left corner. Returns the new frame with its id.',
  mutates: true,
  params: {
    name: { type: 'string', description: 'Layer name, e.g. "Pricing card"' },
    x: { type: 'number', default: 0, description: 'Left edge in px, relative to the parent' },
    y: { type: 'number', default: 0, description: 'Top edge in px, relative to the parent' },
    width: { type: 'number', min: 1, default: 400, description: 'Width in px' },
    height: { type: 'number', min: 1, default: 300, description: 'Height in px' },
    fill: { type: 'color', description: 'Background color as hex (default white)' },
    cornerRadius: { type: 'number', min: 0, default: 0, description: 'Corner radius in px' },
    parentId: { type: 'string', description: 'Id of the frame to nest it in; omit for the page root' },
  },
  execute: (api: CanvasApi, { fill, ...rest }) => api.createNode({ type: 'frame', ...rest, ...(fill ? { fills: [fill] } : {}) }),
  snapshot: (api: CanvasApi, { parentId }) => ({ childCount: api.childrenOf(parentId).length }),
});
