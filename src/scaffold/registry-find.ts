/** Plans the edits that list new tools in a folder's own registry, whichever form it is written in. */

import type { ArrayLiteralExpression, ObjectLiteralExpression } from 'ts-morph';
import type { Tier } from '../registry/registry.js';
import { Node, SyntaxKind, type SourceFile } from '../analysis/ts-morph.cjs';
import { RegistryEditError } from './errors.js';
import { importStyleOf, relativeSpecifier, type SourceText } from './existing-toolbox.js';
import { addEntries, arrayIn, project } from './registry-edit.js';
import { TIER_CONST } from './render.js';

/** A new tool to list: its exported const and its file (absolute). */
export interface NewEntry {
  ident: string;
  file: string;
}

/** Where a tier's tools go: an array literal, or a `createRegistry({...})` object that lacks the tier's property. */
type Target =
  | { kind: 'array'; sf: SourceFile; at: string; label: string; array: ArrayLiteralExpression }
  | { kind: 'property'; sf: SourceFile; at: string; label: string; object: ObjectLiteralExpression };

/** `file:line:col` of a node, the file shown through `show`. */
const where = (node: Node, show: (sf: SourceFile) => string) => {
  const { line, column } = node.getSourceFile().getLineAndColumnAtPos(node.getStart());
  return `${show(node.getSourceFile())}:${line}:${column}`;
};

function unwrapped(node: Node): Node {
  let n = node;
  while (Node.isAsExpression(n) || Node.isSatisfiesExpression(n) || Node.isParenthesizedExpression(n)) n = n.getExpression();
  return n;
}

/**
 * Every place `tier`'s tools are listed in `files`: a top-level `CORE_TOOLS`/`EXTENDED_TOOLS`
 * array, and each `createRegistry({...})` call's `core`/`extended` (an array literal, or the
 * name of an array declared in one of the files; a call without the property can have it added).
 * One array named both ways counts once.
 *
 * @throws {RegistryEditError} naming the place, for a list scaffold cannot add to (a call, a
 *   spread of something else, an array declared outside the folder).
 */
function targetsOf(files: readonly SourceFile[], tier: Tier, show: (sf: SourceFile) => string): Target[] {
  const constName = TIER_CONST[tier];
  const out: Target[] = [];
  const refuse = (node: Node, what: string): never => {
    throw new RegistryEditError(
      `${where(node, show)}: ${what}, not an array scaffold can add to; list the tool there by hand, or scaffold with --dry-run and copy the tool file`,
    );
  };
  const named = (name: string, from: Node): ArrayLiteralExpression => {
    const local = from.getSourceFile();
    for (const sf of [local, ...files.filter((f) => f !== local)]) {
      const array = arrayIn(sf.getVariableDeclaration(name)?.getInitializer());
      if (array) return array;
    }
    return refuse(from, `createRegistry's ${tier} is \`${name}\`, which is not declared as an array literal in this folder`);
  };
  const array = (arr: ArrayLiteralExpression, label: string) => {
    if (!out.some((t) => t.kind === 'array' && t.array === arr))
      out.push({ kind: 'array', sf: arr.getSourceFile(), at: where(arr, show), label, array: arr });
  };
  for (const sf of files) {
    for (const decl of sf.getVariableDeclarations()) {
      if (decl.getName() !== constName) continue;
      const arr = arrayIn(decl.getInitializer());
      if (!arr) refuse(decl, `${constName} is \`${decl.getInitializer()?.getText() ?? 'not initialised'}\``);
      else array(arr, constName);
    }
    for (const call of sf.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      const callee = call.getExpression();
      const name = Node.isPropertyAccessExpression(callee) ? callee.getName() : callee.getText();
      if (name !== 'createRegistry') continue;
      const arg = call.getArguments()[0] ? unwrapped(call.getArguments()[0]!) : undefined;
      if (!arg || !Node.isObjectLiteralExpression(arg)) {
        refuse(call, `createRegistry(${arg?.getText() ?? ''}) is not given an object literal { core, extended }`);
        continue;
      }
      const prop = arg.getProperty(tier);
      if (!prop) {
        out.push({ kind: 'property', sf, at: where(arg, show), label: `createRegistry's ${tier}`, object: arg });
        continue;
      }
      if (Node.isShorthandPropertyAssignment(prop)) array(named(prop.getName(), prop), `createRegistry's ${tier}`);
      else if (Node.isPropertyAssignment(prop)) {
        const init = unwrapped(prop.getInitializerOrThrow());
        if (Node.isArrayLiteralExpression(init)) array(init, `createRegistry's ${tier}`);
        else if (Node.isIdentifier(init)) array(named(init.getText(), init), `createRegistry's ${tier}`);
        else refuse(init, `createRegistry's ${tier} is \`${init.getText()}\``);
      } else refuse(prop, `createRegistry's ${tier} is \`${prop.getText()}\``);
    }
  }
  return out;
}

/**
 * Plans the edits that list new tools in a folder's own registry (the README's
 * `createRegistry({ core: [getTime], extended: [] })`, or `CORE_TOOLS`/`EXTENDED_TOOLS`
 * arrays in files of any name): for each tier with tools, its one list gets an import and an
 * element per tool (a `createRegistry` call without the tier gets the property). Writes nothing.
 *
 * @param files the folder's files that mention a registry (see `readExistingToolbox`).
 * @param show a file's path as messages show it.
 * @param commonJs the files are CommonJS: each tool is bound by `require`, not `import` (see `addEntries`).
 * @returns the new text of each file that changes.
 * @throws {RegistryEditError} saying why, when a tier has no list (tier arrays without the
 *   other tier's), several lists (two registries: which one is meant?), a list that is not an
 *   array literal, a tool the other tier already lists, or an import of the tool's const from elsewhere.
 */
export function planRegistryEdits(
  files: readonly SourceText[],
  tiers: Record<Tier, NewEntry[]>,
  show: (path: string) => string,
  commonJs = false,
): { path: string; content: string }[] {
  const p = project();
  const sfs = files.map((f) => p.createSourceFile(f.path, f.text, { overwrite: true }));
  const showSf = (sf: SourceFile) => show(sf.getFilePath());
  const targets = { core: targetsOf(sfs, 'core', showSf), extended: targetsOf(sfs, 'extended', showSf) };
  const plans: { tier: Tier; target: Target; entries: NewEntry[] }[] = [];
  for (const tier of ['core', 'extended'] as const) {
    const entries = tiers[tier];
    if (entries.length === 0) continue;
    const found = targets[tier];
    const other = tier === 'core' ? 'extended' : 'core';
    if (found.length === 0)
      throw new RegistryEditError(
        `the registry in ${files.map((f) => show(f.path)).join(', ')} has no ${tier} tier (no ${TIER_CONST[tier]} array and no createRegistry call); add \`export const ${TIER_CONST[tier]} = []\` beside ${TIER_CONST[other]}, or give the tool "tier": "${other}"`,
      );
    if (found.length > 1)
      throw new RegistryEditError(
        `the folder holds ${found.length} ${tier} tier lists (${found.map((t) => `${t.label} at ${t.at}`).join('; ')}), so it is not clear which registry the tool belongs to; keep one registry, or list the tool by hand`,
      );
    for (const t of targets[other]) {
      if (t.kind !== 'array') continue;
      const moved = entries.find((e) => t.array.getElements().some((el) => el.getText() === e.ident));
      if (moved)
        throw new RegistryEditError(`${t.label} at ${t.at} already lists ${moved.ident}; a tool belongs to one tier, so move it by hand`);
    }
    plans.push({ tier, target: found[0]!, entries });
  }
  const before = new Map(sfs.map((sf) => [sf, sf.getFullText()]));
  for (const { tier, target, entries } of plans) {
    const { sf } = target;
    const style = importStyleOf(sf.getFullText());
    const tierEntries = entries.map((e) => ({ ident: e.ident, importPath: relativeSpecifier(sf.getFilePath(), e.file, style) }));
    // an edit makes ts-morph forget the nodes it had, so the list is found again each time
    const list = (): ArrayLiteralExpression => {
      const t = targetsOf(sfs, tier, showSf)[0]!;
      if (t.kind === 'array') return t.array;
      // `createRegistry({ core: [a] })` on one line gets `, extended: []` on that line
      const last = t.object.getProperties().at(-1);
      if (!t.object.getText().includes('\n') && last) sf.insertText(last.getEnd(), `, ${tier}: []`);
      else t.object.addPropertyAssignment({ name: tier, initializer: '[]' });
      return list();
    };
    addEntries(sf, show(sf.getFilePath()), list, tierEntries, commonJs);
  }
  return sfs.filter((sf) => sf.getFullText() !== before.get(sf)).map((sf) => ({ path: sf.getFilePath(), content: sf.getFullText() }));
}
