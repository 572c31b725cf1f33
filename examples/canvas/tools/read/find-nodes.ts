import { summarize } from '../../canvas/summary.js';
import { defineTool, type CanvasApi } from '../schema.js';

/** Searches the document by name, type and text content. */
export const findNodes = defineTool({
  name: 'find_nodes',
  description:
    'Search the document for nodes whose name or text content contains the given words (case-insensitive) and whose type matches; all given filters must match. Returns short summaries in document order, at most `limit`.',
  mutates: false,
  params: {
    name: { type: 'string', description: 'Part of the node name to look for' },
    type: { type: 'string', enum: ['frame', 'text', 'rectangle', 'ellipse'], description: 'Only nodes of this type' },
    text: { type: 'string', description: 'Part of the text content (text nodes only)' },
    within: { type: 'string', description: 'Only search inside the node with this id' },
    limit: { type: 'number', min: 1, max: 500, default: 50, description: 'Maximum number of nodes returned' },
  },
  execute: (api: CanvasApi, { limit, ...query }) => {
    const found = api.findNodes(query);
    return { total: found.length, nodes: found.slice(0, limit).map(summarize) };
  },
});
