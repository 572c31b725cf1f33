import { normalizeHex } from './colors.js';
import type { CanvasApi, CanvasNode } from './types.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function paint(n: CanvasNode): string {
  const fill = n.fills.length ? normalizeHex(n.fills[n.fills.length - 1]!) : 'none';
  const stroke = n.stroke ? ` stroke="${normalizeHex(n.stroke.color)}" stroke-width="${n.stroke.width}"` : '';
  return `fill="${fill}"${stroke}`;
}

function element(api: CanvasApi, n: CanvasNode, indent: string): string[] {
  if (!n.visible) return [];
  const id = `data-id="${n.id}"`;
  switch (n.type) {
    case 'ellipse':
      return [
        `${indent}<ellipse ${id} cx="${n.x + n.width / 2}" cy="${n.y + n.height / 2}" rx="${n.width / 2}" ry="${n.height / 2}" ${paint(n)}/>`,
      ];
    case 'rectangle':
      return [`${indent}<rect ${id} x="${n.x}" y="${n.y}" width="${n.width}" height="${n.height}" rx="${n.cornerRadius}" ${paint(n)}/>`];
    case 'text': {
      const t = n.text!;
      const style = `font-family="${esc(t.fontFamily)}" font-size="${t.fontSize}" font-weight="${t.fontWeight}"${t.italic ? ' font-style="italic"' : ''}`;
      return [`${indent}<text ${id} x="${n.x}" y="${n.y + t.fontSize}" ${style} ${paint(n)}>${esc(t.content)}</text>`];
    }
    case 'frame':
      return [
        `${indent}<g ${id} transform="translate(${n.x} ${n.y})">`,
        `${indent}  <rect width="${n.width}" height="${n.height}" rx="${n.cornerRadius}" ${paint(n)}/>`,
        ...api.childrenOf(n.id).flatMap((c) => element(api, c, `${indent}  `)),
        `${indent}</g>`,
      ];
  }
}

/**
 * Renders a node and its visible descendants (or, without `id`, the whole page) as a
 * standalone SVG document string. Coordinates are px; the view box covers the exported nodes.
 */
export function toSvg(api: CanvasApi, id?: string): string {
  const top = id === undefined ? api.childrenOf() : [api.requireNode(id)];
  const boxes = top.map((n) => (id === undefined ? n : { ...api.absoluteBox(n.id) }));
  const minX = Math.min(0, ...boxes.map((b) => b.x));
  const minY = Math.min(0, ...boxes.map((b) => b.y));
  const w = Math.max(0, ...boxes.map((b) => b.x + b.width)) - minX;
  const h = Math.max(0, ...boxes.map((b) => b.y + b.height)) - minY;
  const placed = top.map((n, i) => ({ ...n, x: boxes[i]!.x, y: boxes[i]!.y }));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${minX} ${minY} ${w} ${h}" width="${w}" height="${h}">`,
    ...placed.flatMap((n) => element(api, n, '  ')),
    '</svg>',
  ].join('\n');
}
