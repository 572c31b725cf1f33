import { describe, expect, it } from 'vitest';
import { createSampleCanvas } from '../canvas/sample.js';
import { analyzeColors } from '../tools/analyze/analyze-colors.js';
import { checkContrast } from '../tools/analyze/check-contrast.js';
import { documentStats } from '../tools/analyze/document-stats.js';
import { exportSvg } from '../tools/analyze/export-svg.js';
import { findOverlaps } from '../tools/analyze/find-overlaps.js';
import { getBounds } from '../tools/analyze/get-bounds.js';
import { listFonts } from '../tools/analyze/list-fonts.js';
import { call } from './call.js';

describe('analyze tools', () => {
  it('analyze_colors counts normalized colors, most used first', async () => {
    const api = createSampleCanvas();
    api.updateNode('n6', { stroke: { color: '#fff', width: 2 } });
    expect(await call(analyzeColors, api)).toEqual({
      distinct: 5,
      colors: [
        { color: '#FFFFFF', count: 3, nodeIds: ['n1', 'n5', 'n6'] },
        { color: '#000000', count: 1, nodeIds: ['n2'] },
        { color: '#2563EB', count: 1, nodeIds: ['n4'] },
        { color: '#555555', count: 1, nodeIds: ['n3'] },
        { color: '#F59E0B', count: 1, nodeIds: ['n6'] },
      ],
    });
  });

  it('check_contrast uses the nearest filled ancestor, or a given background', async () => {
    const api = createSampleCanvas();
    expect(await call(checkContrast, api, { id: 'n3' })).toEqual({
      id: 'n3',
      foreground: '#555555',
      background: '#FFFFFF',
      ratio: 7.46,
      passesAA: true,
      passesAALarge: true,
    });
    expect(await call(checkContrast, api, { id: 'n5', background: '#2563EB' })).toMatchObject({ ratio: 5.17, passesAA: true });
    expect(await call(checkContrast, api, { id: 'n5' })).toMatchObject({ ratio: 1, passesAA: false, passesAALarge: false });
    expect(await call(checkContrast, api, { id: 'n4' })).toEqual({ error: 'Node "n4" is a rectangle; contrast is checked on text nodes' });
  });

  it('find_overlaps reports overlapping visible siblings', async () => {
    const api = createSampleCanvas();
    expect(await call(findOverlaps, api)).toEqual({ count: 1, pairs: [{ a: 'n4', b: 'n5', names: ['Button', 'Button label'] }] });
    api.updateNode('n5', { visible: false });
    expect(await call(findOverlaps, api, { within: 'n1' })).toEqual({ count: 0, pairs: [] });
  });

  it('get_bounds measures absolute boxes', async () => {
    const api = createSampleCanvas();
    expect(await call(getBounds, api, { ids: ['n2', 'n6'] })).toEqual({
      bounds: { x: 64, y: 64, width: 312, height: 48 },
      boxes: [
        { id: 'n2', x: 64, y: 64, width: 240, height: 32 },
        { id: 'n6', x: 328, y: 64, width: 48, height: 48 },
      ],
    });
  });

  it('list_fonts groups text styles', async () => {
    const api = createSampleCanvas();
    expect(await call(listFonts, api)).toEqual({
      distinct: 3,
      styles: [
        { fontFamily: 'Inter', fontSize: 24, fontWeight: 700, italic: false, count: 1 },
        { fontFamily: 'Inter', fontSize: 16, fontWeight: 400, italic: false, count: 1 },
        { fontFamily: 'Inter', fontSize: 16, fontWeight: 600, italic: false, count: 1 },
      ],
    });
  });

  it('document_stats counts nodes by type and depth', async () => {
    const api = createSampleCanvas();
    api.updateNode('n6', { visible: false });
    expect(await call(documentStats, api)).toEqual({
      total: 6,
      byType: { frame: 1, text: 3, rectangle: 1, ellipse: 1 },
      hidden: 1,
      maxDepth: 2,
      topLevel: 1,
    });
    expect(await call(documentStats, api, { within: 'n1' })).toMatchObject({ total: 5, maxDepth: 1, topLevel: 5 });
  });

  it('export_svg renders visible nodes with escaped text and reports bytes', async () => {
    const api = createSampleCanvas();
    api.updateNode('n2', { text: { content: 'A < B & "C" — ü' } });
    api.updateNode('n6', { visible: false });
    const { svg, bytes } = await call(exportSvg, api);
    expect(svg.split('\n')[0]).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 280" width="400" height="280">');
    expect(svg).toContain('<g data-id="n1" transform="translate(40 40)">');
    expect(svg).toContain('<rect data-id="n4" x="24" y="176" width="120" height="40" rx="8" fill="#2563EB"/>');
    expect(svg).toContain('>A &lt; B &amp; &quot;C&quot; — ü</text>');
    expect(svg).not.toContain('data-id="n6"');
    expect(bytes).toBe(Buffer.byteLength(svg));
    const one = await call(exportSvg, api, { id: 'n4' });
    expect(one.svg).toContain('viewBox="0 0 184 256"');
  });
});
