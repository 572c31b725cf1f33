// Runs fuzzed cases `from`..`to` of a seed through the toolkit API and writes one JSON line per
// case on stdout: `{"start":i}` before a case, then its FuzzOutcome. Run by row.ts in a child
// process so a crash or a hang is seen and attributed to the case that caused it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { AgentToolsError, exportTools, validate } from 'agent-tools/toolkit';
import type { EngineOutcome, FuzzOutcome, Place } from './check.js';
import { sourceFiles, writeCase } from './cases.js';
import { TOO_DEEP_MESSAGE } from '../../src/analysis/parse-depth.js';

const [root, seedText, fromText, toText] = process.argv.slice(2);
const seed = Number(seedText);
const sources = sourceFiles(root!);
const base = mkdtempSync(join(tmpdir(), 'agent-tools-soak-fuzz-'));

function firstSyntaxError(path: string, file: string): Place | undefined {
  const sf = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ESNext, false, ts.ScriptKind.TS);
  const d = (sf as unknown as { parseDiagnostics: ts.DiagnosticWithLocation[] }).parseDiagnostics[0];
  if (!d) return undefined;
  const { line, character } = sf.getLineAndCharacterOfPosition(d.start);
  return { file, line: line + 1, column: character + 1 };
}

const cpuMs = (u: NodeJS.CpuUsage) => Math.round((u.user + u.system) / 1000);

function failed(err: unknown): EngineOutcome {
  const internal = !(err instanceof AgentToolsError);
  const message =
    err instanceof Error
      ? internal
        ? `${err.name}: ${err.message.slice(0, 300)} at ${(err.stack ?? '').split('\n')[1]?.trim() ?? '?'}`
        : err.message.slice(0, 300)
      : String(err);
  return { error: { internal, message }, places: [], syntax: [] };
}

type Item = { file: string; line: number; column: number; message: string; code?: string; data?: { code?: unknown } };
const reduce = (items: readonly Item[]): EngineOutcome => {
  const syntax = items.filter((i) => i.code === 'syntax-error' || i.data?.code === 'syntax-error');
  return {
    places: items.map(({ file, line, column }) => ({ file, line, column })),
    syntax: syntax.map(({ file, line, column }) => ({ file, line, column })),
    tooDeep: syntax.filter((i) => i.message.includes(TOO_DEEP_MESSAGE)).map((i) => i.file),
  };
};

const write = (line: object) => new Promise<void>((resolve) => process.stdout.write(`${JSON.stringify(line)}\n`, () => resolve()));

try {
  for (let index = Number(fromText); index < Number(toText); index++) {
    await write({ start: index });
    const c = writeCase(root!, sources, seed, index, join(base, String(index)));
    let expectedSyntax: Place | undefined;
    try {
      expectedSyntax = firstSyntaxError(join(c.dir, c.file), c.file);
    } catch {
      // TypeScript's own parser overflowed its stack: there is no place to expect, only no crash.
    }
    const started = performance.now();
    const cpu = process.cpuUsage();
    let v: EngineOutcome;
    let e: EngineOutcome;
    try {
      v = reduce((await validate(['.'], { cwd: c.dir, configFile: false })).findings as Item[]);
    } catch (err) {
      v = failed(err);
    }
    try {
      e = reduce((await exportTools(['.'], { cwd: c.dir })).diagnostics as Item[]);
    } catch (err) {
      e = failed(err);
    }
    const outcome: FuzzOutcome = {
      index,
      source: c.source,
      kinds: c.kinds,
      ms: Math.round(performance.now() - started),
      cpuMs: cpuMs(process.cpuUsage(cpu)),
      expectedSyntax,
      validate: v,
      export: e,
    };
    rmSync(c.dir, { recursive: true, force: true });
    await write(outcome);
  }
} finally {
  rmSync(base, { recursive: true, force: true });
}
