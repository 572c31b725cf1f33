import { describe, expect, it } from 'vitest';
import { createSampleCanvas } from '../canvas/sample.js';
import { alignNodes } from '../tools/modify/align-nodes.js';
import { distributeNodes } from '../tools/modify/distribute-nodes.js';
import { renameNode } from '../tools/modify/rename-node.js';
import { setCornerRadius } from '../tools/modify/set-corner-radius.js';
import { setFill } from '../tools/modify/set-fill.js';
import { setFont } from '../tools/modify/set-font.js';
import { setLayout } from '../tools/modify/set-layout.js';
import { setSelection } from '../tools/modify/set-selection.js';
import { setStroke } from '../tools/modify/set-stroke.js';
import { setText } from '../tools/modify/set-text.js';
import { setVisible } from '../tools/modify/set-visible.js';
import { call } from './call.js';

describe('modify tools', () => {
  it('set_fill replaces the fills; its snapshot holds the color under the param name', async () => {
    const api = createSampleCanvas();
    expect(setFill.snapshot!(api, { id: 'n4', color: '#000' })).toEqual({ color: '#2563EB' });
    expect((await call(setFill, api, { id: 'n4', color: '#10B981' })).fills).toEqual(['#10B981']);
    await expect(call(setFill, api, { id: 'n4', color: 'green' })).rejects.toThrow(/color/);
    expect(await call(setFill, api, { id: 'nope', color: '#fff' })).toEqual({ error: expect.stringContaining('Node "nope" not found') });
  });

  it('set_stroke sets and removes the border', async () => {
    const api = createSampleCanvas();
    expect((await call(setStroke, api, { id: 'n4', color: '#1E40AF', width: 2 })).stroke).toEqual({ color: '#1E40AF', width: 2 });
    expect(setStroke.snapshot!(api, { id: 'n4', color: '#000000', width: 1 })).toEqual({ color: '#1E40AF', width: 2 });
    expect((await call(setStroke, api, { id: 'n4', width: 0 })).stroke).toBeNull();
  });

  it('set_text changes text content only on text nodes', async () => {
    const api = createSampleCanvas();
    expect((await call(setText, api, { id: 'n5', content: 'Go' })).text).toMatchObject({ content: 'Go', fontWeight: 600 });
    expect(await call(setText, api, { id: 'n4', content: 'Go' })).toEqual({
      error: expect.stringContaining('Node "n4" is a rectangle, not a text node'),
    });
  });

  it('set_font changes only the given fields and needs at least one', async () => {
    const api = createSampleCanvas();
    const after = await call(setFont, api, { id: 'n2', fontSize: '32', italic: 'true' });
    expect(after.text).toEqual({ content: 'Welcome back', fontFamily: 'Inter', fontSize: 32, fontWeight: 700, italic: true });
    expect(setFont.snapshot!(api, { id: 'n2' })).toEqual({ fontFamily: 'Inter', fontSize: 32, fontWeight: 700, italic: true });
    expect(await call(setFont, api, { id: 'n2' })).toEqual({
      error: 'Nothing to change: give at least one of fontFamily, fontSize, fontWeight, italic',
    });
    await expect(call(setFont, api, { id: 'n2', fontWeight: 50 })).rejects.toThrow(/fontWeight/);
  });

  it('set_layout moves and resizes', async () => {
    const api = createSampleCanvas();
    expect(await call(setLayout, api, { id: 'n6', x: 300, width: 36, height: 36 })).toMatchObject({ x: 300, y: 24, width: 36, height: 36 });
    expect(await call(setLayout, api, { id: 'n6' })).toEqual({ error: 'Nothing to change: give at least one of x, y, width, height' });
  });

  it('rename_node renames and refuses a blank name', async () => {
    const api = createSampleCanvas();
    expect((await call(renameNode, api, { id: 'n4', name: 'Primary button' })).name).toBe('Primary button');
    expect(await call(renameNode, api, { id: 'n4', name: '  ' })).toEqual({ error: 'name must not be empty or only spaces' });
  });

  it('set_selection replaces the selection and checks ids', async () => {
    const api = createSampleCanvas();
    expect(await call(setSelection, api, { ids: 'n4' })).toEqual({ ids: ['n4'] });
    expect(setSelection.snapshot!(api, { ids: [] })).toEqual({ ids: ['n4'] });
    expect(await call(setSelection, api, { ids: [] })).toEqual({ ids: [] });
    expect(await call(setSelection, api, { ids: ['n4', 'n77'] })).toEqual({ error: expect.stringContaining('Node "n77" not found') });
  });

  it('set_corner_radius applies to rectangles and frames only', async () => {
    const api = createSampleCanvas();
    expect((await call(setCornerRadius, api, { id: 'n4', radius: 20 })).cornerRadius).toBe(20);
    expect(await call(setCornerRadius, api, { id: 'n6', radius: 2 })).toEqual({
      error: 'Node "n6" is an ellipse; corner radius applies to rectangles and frames',
    });
  });

  it('set_visible hides and shows', async () => {
    const api = createSampleCanvas();
    expect((await call(setVisible, api, { id: 'n6', visible: false })).visible).toBe(false);
    expect(setVisible.snapshot!(api, { id: 'n6', visible: true })).toEqual({ visible: false });
  });

  it('align_nodes lines nodes up on the page, across frames', async () => {
    const api = createSampleCanvas();
    api.createNode({ type: 'rectangle', x: 100, y: 400, width: 50, height: 50 });
    const out = await call(alignNodes, api, { ids: ['n4', 'n7'], edge: 'left' });
    expect(out.moved).toEqual([
      { id: 'n4', x: 24, y: 176 },
      { id: 'n7', x: 64, y: 400 },
    ]);
    const right = await call(alignNodes, api, { ids: ['n4', 'n7'], edge: 'right' });
    expect(right.moved).toEqual([
      { id: 'n4', x: 24, y: 176 },
      { id: 'n7', x: 134, y: 400 },
    ]);
    await call(alignNodes, api, { ids: ['n4', 'n7'], edge: 'middle' });
    expect(api.absoluteBox('n7').y + 25).toBe(api.absoluteBox('n4').y + 20);
    await expect(call(alignNodes, api, { ids: ['n4'], edge: 'left' })).rejects.toThrow(/ids/);
  });

  it('distribute_nodes makes equal gaps and keeps the outer nodes', async () => {
    const api = createSampleCanvas();
    const a = api.createNode({ type: 'rectangle', x: 0, y: 500, width: 10, height: 10 });
    const b = api.createNode({ type: 'rectangle', x: 15, y: 500, width: 20, height: 10 });
    const c = api.createNode({ type: 'rectangle', x: 100, y: 500, width: 10, height: 10 });
    const out = await call(distributeNodes, api, { ids: [c.id, a.id, b.id], axis: 'horizontal' });
    expect(out.gap).toBe(35);
    expect(out.moved).toEqual([
      { id: a.id, x: 0, y: 500 },
      { id: b.id, x: 45, y: 500 },
      { id: c.id, x: 100, y: 500 },
    ]);
  });
});
