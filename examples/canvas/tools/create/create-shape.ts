import { defineTool, type CanvasApi } from '../schema.js';
import { childCountOf, PLACEMENT_PARAMS } from '../shared-params.js';

/** Creates a rectangle or an ellipse. */
export const createShape = defineTool({
  name: 'create_shape',
  description:
    'Create a rectangle or an ellipse at a position and size in px (relative to the parent frame, or to the page when no parent is given). Returns the new node with its id.',
  mutates: true,
  destructive: false,
  params: {
    type: { type: 'string', enum: ['rectangle', 'ellipse'], required: true, description: 'Shape to create' },
    ...PLACEMENT_PARAMS,
    width: { type: 'number', min: 1, default: 100, description: 'Width in px' },
    height: { type: 'number', min: 1, default: 100, description: 'Height in px' },
    fill: { type: 'color', description: 'Fill color as hex, e.g. #2563EB (default light grey)' },
    cornerRadius: { type: 'number', min: 0, default: 0, description: 'Corner radius in px (rectangles only)' },
    name: { type: 'string', description: 'Layer name shown in the layers panel' },
  },
  execute: (api: CanvasApi, { fill, cornerRadius, ...rest }) => {
    if (rest.type === 'ellipse' && cornerRadius > 0) return { error: 'cornerRadius applies to rectangles only; omit it for an ellipse' };
    return api.createNode({ ...rest, cornerRadius, ...(fill ? { fills: [fill] } : {}) });
  },
  snapshot: childCountOf,
});
