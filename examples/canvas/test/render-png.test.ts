import { inflateSync } from 'node:zlib';
import { createToolCallContext, isContentResult, parseArgs, type ToolProgress } from 'agent-tools';
import { describe, expect, it } from 'vitest';
import { crc32, encodePng } from '../canvas/png.js';
import { createSampleCanvas } from '../canvas/sample.js';
import { renderPng } from '../tools/analyze/render-png.js';

/** Reads back a PNG made by encodePng: size and RGBA rows (every chunk's CRC checked). */
function decode(png: Buffer): { width: number; height: number; pixel: (x: number, y: number) => string } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let at = 8;
  const chunks: Record<string, Buffer> = {};
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    expect(png.readUInt32BE(at + 8 + len), `${type} CRC`).toBe(crc32(png.subarray(at + 4, at + 8 + len)));
    chunks[type] = png.subarray(at + 8, at + 8 + len);
    at += 12 + len;
  }
  const width = chunks.IHDR!.readUInt32BE(0);
  const height = chunks.IHDR!.readUInt32BE(4);
  expect([...chunks.IHDR!.subarray(8)]).toEqual([8, 6, 0, 0, 0]);
  const raw = inflateSync(chunks.IDAT!);
  const pixel = (x: number, y: number) => {
    const i = y * (width * 4 + 1) + 1 + x * 4;
    return Buffer.from(raw.subarray(i, i + 4))
      .toString('hex')
      .toUpperCase();
  };
  return { width, height, pixel };
}

async function render(args: Record<string, unknown>) {
  const parsed = parseArgs(renderPng, args);
  if (!parsed.ok) throw new Error(parsed.error);
  const progress: ToolProgress[] = [];
  const result = await renderPng.execute(
    createSampleCanvas(),
    parsed.args,
    createToolCallContext({ onProgress: (p) => void progress.push(p) }).ctx,
  );
  if (!isContentResult(result)) throw new Error(`not a content result: ${JSON.stringify(result)}`);
  const [text, image] = result.content;
  if (image?.type !== 'image') throw new Error('no image');
  return { text, image, png: decode(Buffer.from(image.data, 'base64')), progress };
}

describe('render_png', () => {
  it('crc32 gives the standard check value', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(() => encodePng(2, 2, new Uint8Array(15))).toThrow('encodePng: expected 16 bytes of RGBA, received 15');
  });

  it('renders a node to a PNG with its fills where the nodes are, reporting progress per node', async () => {
    const { text, image, png, progress } = await render({ id: 'n1' });
    expect(image.mimeType).toBe('image/png');
    expect([png.width, png.height]).toEqual([360, 240]);
    expect(png.pixel(5, 5)).toBe('FFFFFFFF'); // the card
    expect(png.pixel(30, 190)).toBe('2563EBFF'); // the button
    expect(png.pixel(312, 48)).toBe('F59E0BFF'); // the avatar's center
    expect(png.pixel(289, 25)).toBe('FFFFFFFF'); // outside the avatar's circle, inside its box
    expect(text).toEqual({ type: 'text', text: expect.stringMatching(/^Rendered n1: 360×240 px, 6 nodes, \d+ bytes of PNG$/) });
    expect(progress.map((p) => p.progress)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(progress.at(-1)).toEqual({ progress: 7, total: 7, message: 'encoded PNG' });
  });

  it('renders the page from its origin (transparent around the card), scaled', async () => {
    const { png } = await render({ scale: 0.5 });
    expect([png.width, png.height]).toEqual([200, 140]);
    expect(png.pixel(5, 5)).toBe('00000000');
    expect(png.pixel(25, 25)).toBe('FFFFFFFF');
  });
});
