import { toSvg } from '../../canvas/svg.js';
import { defineTool, type CanvasApi } from '../schema.js';

/** Renders the page or one node as SVG markup. */
export const exportSvg = defineTool({
  name: 'export_svg',
  description:
    'Render the whole page, or one node with its descendants, as a standalone SVG document (hidden nodes left out). Returns the SVG markup and its size in UTF-8 bytes.',
  mutates: false,
  params: {
    id: { type: 'string', description: 'Id of the node to render; omit to render the whole page' },
  },
  execute: (api: CanvasApi, { id }) => {
    const svg = toSvg(api, id);
    return { svg, bytes: Buffer.byteLength(svg, 'utf8') };
  },
});
