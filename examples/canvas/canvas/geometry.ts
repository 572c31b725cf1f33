import type { Box } from './types.js';

/** The smallest box holding all `boxes` (px); throws on an empty list. */
export function unionBox(boxes: readonly Box[]): Box {
  if (boxes.length === 0) throw new Error('unionBox needs at least one box');
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
}

/** True when two boxes share some area (touching edges do not count). */
export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
