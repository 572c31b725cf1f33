import { defineTool, type CanvasApi } from '../schema.js';
import { childCountOf, PLACEMENT_PARAMS } from '../shared-params.js';

/** Creates a frame: the container other nodes are placed in. */
export const createFrame = defineTool({
  name: 'create_frame',
  description:
    'Create a frame, the container that holds other nodes (a card, a screen, a section). Children are positioned relative to its top-left corner. Returns the new frame with its id.',
  mutates: true,
  destructive: false,
  params: {
    name: { type: 'string', description: 'Layer name, e.g. "Pricing card"' },
    ...PLACEMENT_PARAMS,
    width: { type: 'number', min: 1, default: 400, description: 'Width in px' },
    height: { type: 'number', min: 1, default: 300, description: 'Height in px' },
    fill: { type: 'color', description: 'Background color as hex (default white)' },
    cornerRadius: { type: 'number', min: 0, default: 0, description: 'Corner radius in px' },
  },
  execute: (api: CanvasApi, { fill, ...rest }) => api.createNode({ type: 'frame', ...rest, ...(fill ? { fills: [fill] } : {}) }),
  snapshot: childCountOf,
});
