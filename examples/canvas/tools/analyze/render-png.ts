import { encodePng } from '../../canvas/png.js';
import { paintNode, paintOrder, type Pixels } from '../../canvas/raster.js';
import { contentResult, defineTool, imageContent, type CanvasApi } from '../schema.js';

/** The most pixels one render may have (4096 × 4096). */
export const MAX_RENDER_PIXELS = 4096 * 4096;

/** Renders the page or one node to a PNG image, reporting progress node by node. */
export const renderPng = defineTool({
  name: 'render_png',
  description:
    'Render the whole page, or one node with its descendants, to a PNG image (shapes and fills; text shown as bars, not glyphs) so you can look at the layout. Returns the image and a line with its size.',
  mutates: false,
  params: {
    id: { type: 'string', description: 'Id of the node to render; omit to render the whole page' },
    scale: { type: 'number', description: 'Image pixels per canvas px', default: 1, min: 0.1, max: 4 },
  },
  execute: (api: CanvasApi, { id, scale }, ctx) => {
    const top = id === undefined ? api.childrenOf().map((n) => api.absoluteBox(n.id)) : [api.absoluteBox(api.requireNode(id).id)];
    const ox = id === undefined ? 0 : top[0]!.x;
    const oy = id === undefined ? 0 : top[0]!.y;
    const width = Math.max(1, Math.ceil((Math.max(0, ...top.map((b) => b.x + b.width)) - ox) * scale));
    const height = Math.max(1, Math.ceil((Math.max(0, ...top.map((b) => b.y + b.height)) - oy) * scale));
    if (width * height > MAX_RENDER_PIXELS)
      return {
        error: `The image would be ${width}×${height} px, over the ${MAX_RENDER_PIXELS} pixel limit; use a smaller scale or render one node.`,
      };
    const pixels: Pixels = { width, height, rgba: new Uint8Array(width * height * 4) };
    const nodes = paintOrder(api, id);
    const total = nodes.length + 1;
    nodes.forEach((n, i) => {
      paintNode(pixels, api, n, ox, oy, scale);
      ctx.reportProgress({ progress: i + 1, total, message: `painted ${n.name}` });
    });
    const png = encodePng(width, height, pixels.rgba);
    ctx.reportProgress({ progress: total, total, message: 'encoded PNG' });
    return contentResult(
      `Rendered ${id ?? 'the page'}: ${width}×${height} px, ${nodes.length} nodes, ${png.length} bytes of PNG`,
      imageContent(png, 'image/png'),
    );
  },
});
