import { summarize } from '../../canvas/summary.js';
import { defineTool, type CanvasApi } from '../schema.js';

/** Reads the current selection: what the user is pointing at, as short node summaries. */
export const getSelection = defineTool({
  name: 'get_selection',
  description:
    'Return the nodes the user has currently selected on the canvas (id, name, type, parent id), in selection order. Start here when the user says "this" or "the selected ...".',
  mutates: false,
  params: {},
  execute: (api: CanvasApi) => {
    const nodes = api.getSelection().map(summarize);
    return { count: nodes.length, nodes };
  },
});
