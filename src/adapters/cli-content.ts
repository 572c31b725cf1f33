/** Rich tool results on the command line: text as is, each image, audio or blob written to a file and named. */

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolContent } from '../core/content.js';
import { ensureDir } from '../util/ensure-dir.js';
import { contentBytes } from '../runtime/content-caps.js';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
  'application/pdf': 'pdf',
  'application/json': 'json',
  'text/plain': 'txt',
};

/** The file extension for a media type (`image/png` → `png`), `bin` when unknown. */
export function extensionFor(mimeType: string | undefined): string {
  return (mimeType && EXTENSIONS[mimeType.split(';')[0]!.trim().toLowerCase()]) || 'bin';
}

/** Writes `bytes` to `<dir>/<base>.<ext>`, or `<base>-2.<ext>`… when that name is taken (never overwrites). Returns the path. */
function writeNew(dir: string, base: string, ext: string, bytes: Buffer): string {
  for (let n = 1; ; n++) {
    const path = join(dir, `${base}${n === 1 ? '' : `-${n}`}.${ext}`);
    try {
      writeFileSync(path, bytes, { flag: 'wx' });
      return path;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}

/**
 * The command-line form of content items: text items as they are, each binary item (image,
 * audio, a resource with a blob) written to a file and shown as `{ type, mimeType, bytes, file }`
 * (plus `uri` for a resource) instead of its base64. Files are named `<tool>-<item index>.<ext>`
 * in `outDir` (created when missing), or, without `outDir`, in a new folder
 * `agent-tools-XXXXXX` in the system temp folder.
 *
 * @throws {CannotCreateDirError} when `outDir` cannot be created; the file system's error when a file cannot be written.
 */
export function contentToFiles(tool: string, content: readonly ToolContent[], outDir?: string): { content: unknown[] } {
  let dir: string | undefined;
  const folder = () => (dir ??= outDir === undefined ? mkdtempSync(join(tmpdir(), 'agent-tools-')) : (ensureDir(outDir), outDir));
  return {
    content: content.map((item, i) => {
      if (item.type === 'text') return item;
      if (item.type === 'resource' && 'text' in item.resource) return item;
      const mimeType = item.type === 'resource' ? item.resource.mimeType : item.mimeType;
      const data = item.type === 'resource' ? (item.resource as { blob: string }).blob : item.data;
      const file = writeNew(folder(), `${tool}-${i + 1}`, extensionFor(mimeType), Buffer.from(data, 'base64'));
      return {
        type: item.type,
        ...(item.type === 'resource' ? { uri: item.resource.uri } : {}),
        ...(mimeType ? { mimeType } : {}),
        bytes: contentBytes(item),
        file,
      };
    }),
  };
}
