import { describe, expect, it } from 'vitest';
import { contrastRatio, normalizeHex } from '../canvas/colors.js';
import { createCanvas } from '../canvas/document.js';
import { createSampleCanvas } from '../canvas/sample.js';

describe('the canvas document', () => {
  it('creates nodes with sequential ids and type defaults', () => {
    const api = createCanvas();
    const frame = api.createNode({ type: 'frame' });
    const text = api.createNode({ type: 'text', parentId: frame.id, text: { content: 'Hi' } });
    expect(frame).toMatchObject({ id: 'n1', name: 'Frame 1', width: 400, height: 300, fills: ['#FFFFFF'], parentId: null, text: null });
    expect(text).toMatchObject({ id: 'n2', parentId: 'n1', fills: ['#000000'] });
    expect(text.text).toEqual({ content: 'Hi', fontFamily: 'Inter', fontSize: 16, fontWeight: 400, italic: false });
    expect(api.requireNode('n1').children).toEqual(['n2']);
  });

  it('returns copies, so changing a returned node changes nothing', () => {
    const api = createCanvas();
    const n = api.createNode({ type: 'rectangle' });
    n.fills.push('#FF0000');
    n.x = 999;
    expect(api.requireNode(n.id)).toMatchObject({ x: 0, fills: ['#D9D9D9'] });
  });

  it('names the missing id and close matches', () => {
    const api = createSampleCanvas();
    expect(() => api.requireNode('n44')).toThrow('Node "n44" not found. Did you mean "n4"?');
    expect(() => api.requireNode('zzzzzz')).toThrow(/^Node "zzzzzz" not found$/);
  });

  it('only lets frames hold children', () => {
    const api = createSampleCanvas();
    expect(() => api.createNode({ type: 'rectangle', parentId: 'n4' })).toThrow('Node "n4" is a rectangle; only frames can hold children');
  });

  it('deletes descendants and drops them from the selection', () => {
    const api = createSampleCanvas();
    expect(api.deleteNode('n1')).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
    expect(api.getSelection()).toEqual([]);
    expect(api.findNodes()).toEqual([]);
  });

  it('reparents keeping the absolute position, and refuses cycles', () => {
    const api = createSampleCanvas();
    const moved = api.reparent('n6', null);
    expect(moved).toMatchObject({ parentId: null, x: 328, y: 64 });
    const inner = api.createNode({ type: 'frame', parentId: 'n1', x: 10, y: 10 });
    expect(() => api.reparent('n1', inner.id)).toThrow('a node cannot be placed inside itself or its descendants');
  });

  it('finds nodes by name, type, text and subtree, in document order', () => {
    const api = createSampleCanvas();
    expect(api.findNodes({ type: 'text' }).map((n) => n.id)).toEqual(['n2', 'n3', 'n5']);
    expect(api.findNodes({ name: 'BUTTON' }).map((n) => n.id)).toEqual(['n4', 'n5']);
    expect(api.findNodes({ text: 'continue' }).map((n) => n.id)).toEqual(['n5']);
    expect(api.findNodes({ within: 'n1' })).toHaveLength(5);
  });
});

describe('colors', () => {
  it('normalizes hex forms', () => {
    expect(normalizeHex('#abc')).toBe('#AABBCC');
    expect(normalizeHex('#abcf')).toBe('#AABBCC');
    expect(normalizeHex('#11223380')).toBe('#11223380');
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBe(21);
    expect(contrastRatio('#FFFFFF', '#FFFFFF')).toBe(1);
    expect(contrastRatio('#777777', '#FFFFFF')).toBe(4.48);
  });
});
