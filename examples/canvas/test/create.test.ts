import { describe, expect, it } from 'vitest';
import { createCanvas } from '../canvas/document.js';
import { createSampleCanvas } from '../canvas/sample.js';
import { createFrame } from '../tools/create/create-frame.js';
import { createShape } from '../tools/create/create-shape.js';
import { createText } from '../tools/create/create-text.js';
import { duplicateNode } from '../tools/create/duplicate-node.js';
import { call } from './call.js';

describe('create tools', () => {
  it('create_shape makes a rectangle or an ellipse with defaults', async () => {
    const api = createCanvas();
    const rect = await call(createShape, api, { type: 'rectangle', x: '10', y: 20, fill: '#ff0000', cornerRadius: 4 });
    expect(rect).toMatchObject({ id: 'n1', type: 'rectangle', x: 10, y: 20, width: 100, height: 100, fills: ['#ff0000'], cornerRadius: 4 });
    const ellipse = await call(createShape, api, { type: 'ellipse', width: 50, height: 30, name: 'Dot' });
    expect(ellipse).toMatchObject({ id: 'n2', name: 'Dot', fills: ['#D9D9D9'], width: 50, height: 30 });
    expect(await call(createShape, api, { type: 'ellipse', cornerRadius: 5 })).toEqual({
      error: 'cornerRadius applies to rectangles only; omit it for an ellipse',
    });
    await expect(call(createShape, api, { type: 'triangle' })).rejects.toThrow(/rectangle.*ellipse/);
    await expect(call(createShape, api, { type: 'rectangle', fill: 'red' })).rejects.toThrow(/fill/);
    await expect(call(createShape, api, { type: 'rectangle', width: 0 })).rejects.toThrow(/width/);
  });

  it('create_shape and create_frame place nodes inside a parent frame', async () => {
    const api = createCanvas();
    const frame = await call(createFrame, api, { name: 'Card', width: 320, fill: '#F3F4F6' });
    expect(frame).toMatchObject({ id: 'n1', name: 'Card', width: 320, height: 300, fills: ['#F3F4F6'], children: [] });
    await call(createShape, api, { type: 'rectangle', parentId: 'n1' });
    expect(api.requireNode('n1').children).toEqual(['n2']);
    expect(await call(createShape, api, { type: 'rectangle', parentId: 'n2' })).toEqual({
      error: 'Node "n2" is a rectangle; only frames can hold children',
    });
  });

  it('create_text sets content, font, color and a height from the line count', async () => {
    const api = createCanvas();
    const text = await call(createText, api, { content: 'Hello\nworld', fontSize: 20, fontWeight: 700, color: '#111827' });
    expect(text).toMatchObject({ type: 'text', height: 60, width: 200, fills: ['#111827'] });
    expect(text.text).toEqual({ content: 'Hello\nworld', fontFamily: 'Inter', fontSize: 20, fontWeight: 700, italic: false });
    await expect(call(createText, api, { content: 'x', fontWeight: 1000 })).rejects.toThrow(/fontWeight/);
    await expect(call(createText, api, {})).rejects.toThrow(/content/);
  });

  it('duplicate_node copies a subtree with new ids, shifted', async () => {
    const api = createSampleCanvas();
    const copy = await call(duplicateNode, api, { id: 'n1', offsetX: 400, offsetY: 0 });
    expect(copy).toMatchObject({ id: 'n7', sourceId: 'n1', name: 'Card', x: 440, y: 40, parentId: null });
    expect(copy.children).toEqual(['n8', 'n9', 'n10', 'n11', 'n12']);
    expect(api.requireNode('n8')).toMatchObject({ name: 'Title', x: 24, y: 24, text: { content: 'Welcome back', fontWeight: 700 } });
    expect(api.childrenOf().map((n) => n.id)).toEqual(['n1', 'n7']);
  });

  it("snapshots count the parent's children before and after", async () => {
    const api = createSampleCanvas();
    expect(createShape.snapshot!(api, { type: 'rectangle', parentId: 'n1' } as never)).toEqual({ childCount: 5 });
    expect(createText.snapshot!(api, {} as never)).toEqual({ childCount: 1 });
  });
});
