/** The command lines a YAML file writes over several lines (a folded or continued scalar, a flow list), read with a YAML parser. */

import { isAlias, isNode, isScalar, isSeq, LineCounter, parseAllDocuments, Scalar, visit, type Document, type Node } from 'yaml';
import { lineCommandLines, shellWords } from './command-words.js';

/** The most lines a folded scalar is searched for where one of its lines starts. */
const MAX_SEARCH = 200;

/** A command line a YAML file writes over several lines: its 1-based line, its words, and the lines it spans (1-based, inclusive). */
export interface YamlCommandLine {
  line: number;
  words: string[];
  /** Set for a scalar the parser joined: the lines it spans, whose line-by-line reading it replaces. */
  spans?: { first: number; last: number };
}

/**
 * The words of a list of scalars (`["npx", "agent-tools"]`, an alias `*confirm` read as its anchor's value), or
 * `undefined` when an item is no string or number.
 */
function scalarItems(node: unknown, doc: Document.Parsed): string[] | undefined {
  if (!isSeq(node)) return undefined;
  const words = node.items.map((n) => {
    const i = isAlias(n) ? n.resolve(doc) : n;
    return isScalar(i) && /^(?:string|number)$/.test(typeof i.value) ? String(i.value) : undefined;
  });
  return words.every((w) => w !== undefined) ? words : undefined;
}

/**
 * The command lines of the YAML `text` that the YAML parser (the `yaml` package) joins or decodes and a
 * line-by-line reading does not: a scalar written over several lines that YAML folds into one
 * (a `run: >-` folded block scalar, a plain or quoted scalar continued on the next line), each of
 * its lines after folding split as a shell splits it, at the source line where it starts, with the
 * lines it spans; a double-quoted scalar with escapes (`"--y\x65s"`), as the parser decodes it; a
 * flow list written over several lines (`command: ["npx", "agent-tools",` then
 * `"--approve", "x"]`) and a list holding an alias (`*confirm`, read as its anchor's value) or an escaped
 * scalar, its items as one command line at its first; an `args` list follows its
 * mapping's `command` (a scalar's shell words or a list's items), as a container runs them, and a
 * Compose service's `command` follows its `entrypoint`, at the `command`. A
 * literal block (`|`) keeps its lines, so a line-by-line reading already reads it. A text the
 * parser cannot read gives what it could parse.
 */
export function yamlCommandLines(text: string): YamlCommandLine[] {
  const out: YamlCommandLine[] = [];
  const counter = new LineCounter();
  let docs;
  try {
    docs = parseAllDocuments(text, { lineCounter: counter, uniqueKeys: false });
  } catch {
    return out;
  }
  const lineOf = (offset: number) => counter.linePos(offset).line;
  const source = text.split(/\r?\n/);
  // a mapping's command (its words), by the args list it runs with
  const commands = new Map<unknown, string[]>();
  const multiLine = (node: Node) => node.range !== undefined && node.range !== null && lineOf(node.range[0]) < lineOf(node.range[1] - 1);
  // a double-quoted scalar whose source holds an escape, which a line-by-line reading reads undecoded
  const escaped = (node: unknown) =>
    isScalar(node) && node.type === Scalar.QUOTE_DOUBLE && !!node.range && text.slice(node.range[0], node.range[1]).includes('\\');
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    const words = (node: unknown) => {
      const v = isAlias(node) ? node.resolve(doc) : node;
      return isScalar(v) && typeof v.value === 'string' ? shellWords(v.value) : scalarItems(v, doc);
    };
    visit(doc, {
      Scalar(_, node) {
        if (typeof node.value !== 'string' || node.type === Scalar.BLOCK_LITERAL) return;
        if (!multiLine(node)) {
          if (escaped(node) && /\s/.test(node.value)) out.push({ line: lineOf(node.range![0]), words: shellWords(node.value) });
          return;
        }
        const first = lineOf(node.range![0]);
        const last = lineOf(node.range![1] - 1);
        let at = first;
        for (const part of node.value.split('\n')) {
          const lead = part.trim().split(/\s+/)[0];
          if (!lead) continue;
          // the source line where this line of the folded value starts
          const found = source.slice(at - 1, Math.min(last, at - 1 + MAX_SEARCH)).findIndex((l) => l.includes(lead));
          if (found >= 0) at += found;
          out.push({ line: at, words: shellWords(part), spans: { first, last } });
        }
      },
      Map(_, node) {
        const value = (key: string) => node.items.find((p) => isScalar(p.key) && p.key.value === key)?.value;
        const args = value('args');
        const command = value('command');
        const run = words(command);
        if (isSeq(args) && run) commands.set(args, run);
        // a Compose service runs its command as the arguments of its entrypoint
        const entrypoint = words(value('entrypoint'));
        if (entrypoint && run && isNode(command) && command.range)
          out.push({ line: lineOf(command.range[0]), words: [...entrypoint, ...run] });
      },
      Seq(_, node) {
        if (!(node.flow && multiLine(node)) && !node.items.some((i) => isAlias(i) || escaped(i))) return;
        const items = scalarItems(node, doc);
        if (items) out.push({ line: lineOf(node.range![0]), words: [...(commands.get(node) ?? []), ...items] });
      },
    });
  }
  return out;
}

/**
 * The command lines of a YAML file: those of {@link lineCommandLines} (each line, block lists), where
 * the lines of a scalar YAML folds into one are replaced by the folded scalar's lines, and with the
 * flow lists written over several lines (see {@link yamlCommandLines}), in line order.
 */
export function yamlFileCommandLines(text: string): { line: number; words: string[] }[] {
  const joined = yamlCommandLines(text);
  const spanned = (line: number) => joined.some((j) => j.spans && j.spans.first <= line && line <= j.spans.last);
  return [
    ...lineCommandLines(text, false, 'yaml').filter((l) => !spanned(l.line)),
    ...joined.map(({ line, words }) => ({ line, words })),
  ].sort((a, b) => a.line - b.line);
}
