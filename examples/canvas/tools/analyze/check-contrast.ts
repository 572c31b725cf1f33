import { nodeIs } from '../../canvas/summary.js';
import { contrastRatio, normalizeHex } from '../../canvas/colors.js';
import { defineTool, type CanvasApi } from '../schema.js';

function backgroundOf(api: CanvasApi, id: string): string {
  for (let p = api.requireNode(id).parentId; p !== null; p = api.requireNode(p).parentId) {
    const fills = api.requireNode(p).fills;
    if (fills.length) return fills[fills.length - 1]!;
  }
  return '#FFFFFF';
}

/** Checks a text node's color against its background (WCAG 2.1). */
export const checkContrast = defineTool({
  name: 'check_contrast',
  description:
    "Measure the WCAG 2.1 contrast ratio between a text node's color and its background (the nearest filled ancestor frame, or white), and say whether it passes AA for body text (4.5) and large text (3).",
  mutates: false,
  params: {
    id: { type: 'string', required: true, description: 'Id of the text node to check' },
    background: { type: 'color', description: 'Compare against this color instead of the nearest filled ancestor' },
  },
  execute: (api: CanvasApi, { id, background }) => {
    const n = api.requireNode(id);
    if (n.text === null) return { error: `${nodeIs(n)}; contrast is checked on text nodes` };
    const fg = normalizeHex(n.fills[n.fills.length - 1] ?? '#000000');
    const bg = normalizeHex(background ?? backgroundOf(api, id));
    const ratio = contrastRatio(fg, bg);
    return { id, foreground: fg, background: bg, ratio, passesAA: ratio >= 4.5, passesAALarge: ratio >= 3 };
  },
});
