/** Markdown helpers of the docs tests: the pages, their code blocks, text without code, heading anchors. */

import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The repository root (absolute, with a trailing slash). */
export const root = new URL('../../', import.meta.url).pathname;

/** README.md and every Markdown page under docs/ (not the site's build or cache), as paths relative to the root. */
export function markdownFiles(): string[] {
  const out = ['README.md'];
  const walk = (dir: string) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.md')) out.push(p);
    }
  };
  walk('docs');
  return out.map((p) => relative(root, join(root, p)));
}

/** One fenced code block: its info string, its text, the line it starts on (1-based) and the HTML comment right above it, if any. */
export interface CodeBlock {
  lang: string;
  code: string;
  line: number;
  marker: string | null;
}

/** The fenced code blocks of a Markdown text, in order. */
export function codeBlocks(text: string): CodeBlock[] {
  const lines = text.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const fence = open[2]!;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i]!.trimStart().startsWith(fence); i++) body.push(lines[i]!);
    let j = start - 1;
    while (j >= 0 && lines[j]!.trim() === '') j--;
    const comment = j >= 0 ? /^<!--\s*(.*?)\s*-->$/.exec(lines[j]!.trim()) : null;
    blocks.push({ lang: open[3]!.trim().split(/\s+/)[0] ?? '', code: body.join('\n'), line: start + 1, marker: comment ? comment[1]! : null });
  }
  return blocks;
}

/**
 * The text with fenced code blocks and inline code blanked out (line count kept), so links inside code are not read as links;
 * with `keepInline`, inline code stays (a heading's anchor is made from its code too).
 */
export function withoutCode(text: string, keepInline = false): string {
  const lines = text.split('\n');
  let fence: string | null = null;
  return lines
    .map((l) => {
      const m = /^\s*(`{3,}|~{3,})/.exec(l);
      if (fence) {
        if (m && m[1]!.startsWith(fence)) fence = null;
        return '';
      }
      if (m) {
        fence = m[1]!;
        return '';
      }
      return keepInline ? l : l.replace(/`[^`]*`/g, '');
    })
    .join('\n');
}

/**
 * A heading's text as GitHub renders it: inline code as its text, HTML tags dropped, a backslash
 * escape as the character it escapes (`Promise\\<DiffResult>` reads `Promise<DiffResult>`).
 */
function headingText(markdown: string): string {
  return markdown
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? part.slice(1, -1) : part.replace(/(?<!\\)<[^>]+>/g, '').replace(/\\(.)/g, '$1')))
    .join('');
}

/** GitHub's heading anchor: lowercase, punctuation dropped, each space a dash; repeats get -1, -2, ... */
export function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of withoutCode(text, true).split('\n')) {
    const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!h) continue;
    const base = headingText(h[1]!)
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of text.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(m[1]!);
  return anchors;
}

/** Every `[text](target)` and `![alt](target)` outside code, with its line. */
export function links(text: string): { target: string; line: number }[] {
  const out: { target: string; line: number }[] = [];
  withoutCode(text)
    .split('\n')
    .forEach((l, i) => {
      for (const m of l.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) out.push({ target: m[1]!, line: i + 1 });
      for (const m of l.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/g)) out.push({ target: m[1]!, line: i + 1 });
    });
  return out;
}
