import { createCanvas } from './document.js';
import type { CanvasApi } from './types.js';

/**
 * A canvas holding a small landing-page card, for the MCP server, the CLI and manual tries:
 * `n1` frame "Card" (360x240) with `n2` title text, `n3` body text, `n4` button rectangle,
 * `n5` button label and `n6` avatar ellipse; `n2` is selected.
 */
export function createSampleCanvas(): CanvasApi {
  const api = createCanvas();
  const card = api.createNode({ type: 'frame', name: 'Card', x: 40, y: 40, width: 360, height: 240, fills: ['#FFFFFF'], cornerRadius: 12 });
  api.createNode({
    type: 'text',
    name: 'Title',
    parentId: card.id,
    x: 24,
    y: 24,
    width: 240,
    height: 32,
    text: { content: 'Welcome back', fontSize: 24, fontWeight: 700 },
  });
  api.createNode({
    type: 'text',
    name: 'Body',
    parentId: card.id,
    x: 24,
    y: 72,
    width: 312,
    height: 48,
    fills: ['#555555'],
    text: { content: 'Pick up where you left off.' },
  });
  api.createNode({
    type: 'rectangle',
    name: 'Button',
    parentId: card.id,
    x: 24,
    y: 176,
    width: 120,
    height: 40,
    fills: ['#2563EB'],
    cornerRadius: 8,
  });
  api.createNode({
    type: 'text',
    name: 'Button label',
    parentId: card.id,
    x: 44,
    y: 184,
    width: 80,
    height: 24,
    fills: ['#FFFFFF'],
    text: { content: 'Continue', fontWeight: 600 },
  });
  api.createNode({ type: 'ellipse', name: 'Avatar', parentId: card.id, x: 288, y: 24, width: 48, height: 48, fills: ['#F59E0B'] });
  api.setSelection(['n2']);
  return api;
}
