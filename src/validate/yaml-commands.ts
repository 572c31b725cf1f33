/** The command lines a YAML file writes over several lines (a folded or continued scalar, a flow list), read with a YAML parser. */

import { isScalar, isSeq, LineCounter, parseAllDocuments, Scalar, visit, type Node } from 'yaml';
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

/** The words of a list of scalars (`["npx", "agent-tools"]`), or `undefined` when an item is no string or number. */
function scalarItems(node: unknown): string[] | undefined {
  if (!isSeq(node)) return undefined;
  const words = node.items.map((i) => (isScalar(i) && /^(?:string|number)$/.test(typeof i.value) ? String(i.value) : undefined));
  return words.every((w) => w !== undefined) ? words : undefined;
}

/**
 * The command lines of the YAML `text` that the YAML parser (the `yaml` package) joins and a
 * line-by-line reading does not: a scalar written over several lines that YAML folds into one
 * (a `run: >-` folded block scalar, a plain or quoted scalar continued on the next line), each of
 * its lines after folding split as a shell splits it, at the source line where it starts, with the
 * lines it spans; and a flow list written over several lines (`command: ["npx", "agent-tools",` then
 * `"--approve", "x"]`), its items as one command line at its `[`; an `args` list follows its
 * mapping's `command` (a scalar's shell words or a list's items), as a container runs them. A
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
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    visit(doc, {
      Scalar(_, node) {
        if (typeof node.value !== 'string' || node.type === Scalar.BLOCK_LITERAL || !multiLine(node)) return;
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
        const words = isScalar(command) && typeof command.value === 'string' ? shellWords(command.value) : scalarItems(command);
        if (isSeq(args) && words) commands.set(args, words);
      },
      Seq(_, node) {
        if (!node.flow || !multiLine(node)) return;
        const words = scalarItems(node);
        if (words) out.push({ line: lineOf(node.range![0]), words: [...(commands.get(node) ?? []), ...words] });
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
