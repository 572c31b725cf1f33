import { normalizeHex } from './colors.js';
import type { CanvasApi, CanvasNode } from './types.js';

/** An RGBA pixel buffer: `width * height * 4` bytes, rows top to bottom, transparent at first. */
export interface Pixels {
  width: number;
  height: number;
  rgba: Uint8Array;
}

function rgbaOf(hex: string): [number, number, number, number] {
  const h = normalizeHex(hex).slice(1);
  const v = (i: number) => parseInt(h.slice(i * 2, i * 2 + 2), 16);
  return [v(0), v(1), v(2), h.length === 8 ? v(3) : 255];
}

/** Paints `color` over the pixel at (x, y) with source-over blending. */
function blend(p: Pixels, x: number, y: number, [r, g, b, a]: [number, number, number, number]): void {
  const i = (y * p.width + x) * 4;
  const d = p.rgba;
  const sa = a / 255;
  const da = d[i + 3]! / 255;
  const oa = sa + da * (1 - sa);
  if (oa === 0) return;
  d[i] = Math.round((r * sa + d[i]! * da * (1 - sa)) / oa);
  d[i + 1] = Math.round((g * sa + d[i + 1]! * da * (1 - sa)) / oa);
  d[i + 2] = Math.round((b * sa + d[i + 2]! * da * (1 - sa)) / oa);
  d[i + 3] = Math.round(oa * 255);
}

/** Fills the pixels whose centers `inside(cx, cy)` holds, within the box (page px times `scale`). */
function fillShape(
  p: Pixels,
  x0: number,
  y0: number,
  w: number,
  h: number,
  color: string,
  inside: (cx: number, cy: number) => boolean,
): void {
  const c = rgbaOf(color);
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(p.height, Math.ceil(y0 + h)); y++) {
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(p.width, Math.ceil(x0 + w)); x++)
      if (inside(x + 0.5, y + 0.5)) blend(p, x, y, c);
  }
}

/**
 * Paints one node (not its children) into `p`: rectangles and frames as boxes, ellipses as
 * ellipses, text as a bar per line of its font size (no glyphs: a preview of where text sits).
 * `ox`/`oy` is the page position of the rendered area's top-left corner; `scale` px per page px.
 */
export function paintNode(p: Pixels, api: CanvasApi, n: CanvasNode, ox: number, oy: number, scale: number): void {
  const box = api.absoluteBox(n.id);
  const [x, y, w, h] = [(box.x - ox) * scale, (box.y - oy) * scale, box.width * scale, box.height * scale];
  for (const fill of n.fills) {
    if (n.type === 'ellipse')
      fillShape(p, x, y, w, h, fill, (cx, cy) => ((cx - x - w / 2) / (w / 2)) ** 2 + ((cy - y - h / 2) / (h / 2)) ** 2 <= 1);
    else if (n.type === 'text' && n.text) {
      const line = n.text.fontSize * scale;
      fillShape(p, x, y, w, h, fill, (_cx, cy) => (cy - y) % line > line * 0.25 && (cy - y) % line < line * 0.75);
    } else fillShape(p, x, y, w, h, fill, () => true);
  }
}

/** The visible nodes under `id` (or the whole page), in paint order; hidden nodes and their descendants left out. */
export function paintOrder(api: CanvasApi, id?: string): CanvasNode[] {
  const walk = (n: CanvasNode): CanvasNode[] => (n.visible ? [n, ...api.childrenOf(n.id).flatMap(walk)] : []);
  return (id === undefined ? api.childrenOf() : [api.requireNode(id)]).flatMap(walk);
}
