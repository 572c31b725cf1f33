// Finds the images in a tool result, to show beside its JSON.

const DATA_URL = /^data:(image\/(?:png|jpeg|gif|webp|svg\+xml));base64,([A-Za-z0-9+/=]+)$/;
const MAX_IMAGES = 20;

/**
 * The images in a tool result, to show beside its JSON: MCP image content
 * (`{ type: "image", data: <base64>, mimeType: "image/…" }`), `data:image/…;base64,…`
 * strings and SVG documents (a string from `<svg` to `</svg>`), anywhere in the value (at
 * most 20, depth-first). The page shows them with `<img>`, where an SVG runs no script.
 */
export function findImages(value: unknown): { mimeType: string; data: string }[] {
  const found: { mimeType: string; data: string }[] = [];
  const walk = (v: unknown, depth: number) => {
    if (found.length >= MAX_IMAGES || depth > 20) return;
    if (typeof v === 'string') {
      const m = DATA_URL.exec(v);
      if (m) found.push({ mimeType: m[1]!, data: m[2]! });
      else if (/^\s*<svg[\s>]/.test(v) && /<\/svg>\s*$/.test(v))
        found.push({ mimeType: 'image/svg+xml', data: Buffer.from(v, 'utf8').toString('base64') });
    } else if (Array.isArray(v)) v.forEach((x) => walk(x, depth + 1));
    else if (typeof v === 'object' && v !== null) {
      const o = v as Record<string, unknown>;
      if (o.type === 'image' && typeof o.data === 'string' && typeof o.mimeType === 'string' && o.mimeType.startsWith('image/'))
        found.push({ mimeType: o.mimeType, data: o.data });
      else Object.values(o).forEach((x) => walk(x, depth + 1));
    }
  };
  walk(value, 0);
  return found;
}
