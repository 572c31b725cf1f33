/**
 * Normalizes a hex color (`#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`) to upper-case `#RRGGBB`,
 * or `#RRGGBBAA` when it has a non-opaque alpha.
 */
export function normalizeHex(color: string): string {
  let h = color.replace(/^#/, '').toUpperCase();
  if (h.length === 3 || h.length === 4) h = [...h].map((c) => c + c).join('');
  if (h.length === 8 && h.endsWith('FF')) h = h.slice(0, 6);
  return `#${h}`;
}

function channel(hex: string, i: number): number {
  const v = parseInt(normalizeHex(hex).slice(1 + i * 2, 3 + i * 2), 16) / 255;
  return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of a hex color, 0..1 (WCAG 2.1 definition; alpha ignored). */
export function luminance(hex: string): number {
  return 0.2126 * channel(hex, 0) + 0.7152 * channel(hex, 1) + 0.0722 * channel(hex, 2);
}

/**
 * The WCAG 2.1 contrast ratio of two colors, 1..21, rounded to two decimals.
 * WCAG AA asks for at least 4.5 for body text and 3 for large text (18 px bold / 24 px).
 */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100;
}
