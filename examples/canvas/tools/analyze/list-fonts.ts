import { defineTool, type CanvasApi } from '../schema.js';

/** Lists the text styles in use. */
export const listFonts = defineTool({
  name: 'list_fonts',
  description:
    'List the distinct text styles in use (font family, size in px, weight, italic) with how many text nodes use each, most used first. Use it to spot inconsistent typography.',
  mutates: false,
  params: {
    within: { type: 'string', description: 'Only look inside the node with this id; omit for the whole page' },
  },
  execute: (api: CanvasApi, { within }) => {
    const styles = new Map<string, { fontFamily: string; fontSize: number; fontWeight: number; italic: boolean; count: number }>();
    for (const n of api.findNodes({ within, type: 'text' })) {
      const { fontFamily, fontSize, fontWeight, italic } = n.text!;
      const key = JSON.stringify([fontFamily, fontSize, fontWeight, italic]);
      const seen = styles.get(key) ?? { fontFamily, fontSize, fontWeight, italic, count: 0 };
      seen.count++;
      styles.set(key, seen);
    }
    const list = [...styles.values()].sort((a, b) => b.count - a.count || b.fontSize - a.fontSize);
    return { distinct: list.length, styles: list };
  },
});
