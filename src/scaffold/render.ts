/** Renders a tool's file, its test and the toolbox skeleton from the Handlebars templates. */

import { readFileSync } from 'node:fs';
import type Handlebars from 'handlebars';
import { stringProblem } from '../core/definition-problems.js';
import type { OutputDef } from '../core/output.js';
import type { ParamDef } from '../core/param.js';
import type { Tier } from '../registry/registry.js';
import { requirePeer } from '../shared/optional-peer.js';
import type { ToolSpec } from './spec.js';
import type { ToolFileKind } from './existing-toolbox.js';
import { jsdocLines, kebabCase, localNames, toolIdentifier, tsString, tsValue } from './ts-text.js';

const TEMPLATES = new URL('../../templates/', import.meta.url);
const compiled = new Map<string, Handlebars.TemplateDelegate>();

/**
 * Handlebars, an optional peer dependency, loaded on first use. `scaffold` calls it before it
 * reads a spec, so a missing peer is the one thing it says.
 * @throws {MissingPeerError} (exit 2) when handlebars is not installed: `scaffold needs handlebars: npm install -D handlebars`.
 */
export function loadHandlebars(): typeof Handlebars {
  return requirePeer<typeof Handlebars>('handlebars', 'scaffold');
}

/**
 * Renders `templates/<name>.hbs` with `data`. Values are inserted as they are (no HTML escaping): callers pass source text that is already
 * escaped for TypeScript.
 * Handlebars is an optional peer dependency, loaded on the first render.
 * @throws {MissingPeerError} (exit 2) when handlebars is not installed: `scaffold needs handlebars: npm install -D handlebars`.
 */
export function renderTemplate(name: string, data: object): string {
  let tpl = compiled.get(name);
  if (!tpl) {
    tpl = loadHandlebars().compile(readFileSync(new URL(`${name}.hbs`, TEMPLATES), 'utf8'), {
      noEscape: true,
      strict: true,
    });
    compiled.set(name, tpl);
  }
  return tpl(data);
}

/** Where a tool's files go, relative to the output root, and the name it is exported as. */
export interface ToolPaths {
  /** `modify/set-font.ts` */
  file: string;
  /** `modify/set-font.test.ts` */
  testFile: string;
  /** `./modify/set-font.js`: the import specifier from a registry file. */
  importPath: string;
  /** `setFontTool` */
  ident: string;
}

/**
 * The paths and exported name for a spec (see {@link ToolPaths}); `ext` is the tool file's extension (`.ts`, or a JavaScript
 * registry's: see `ToolFileKind`).
 */
export function toolPaths(spec: Pick<ToolSpec, 'name' | 'domain'>, ext: ToolFileKind['ext'] = '.ts'): ToolPaths {
  const kebab = kebabCase(spec.name) || 'tool';
  return {
    file: `${spec.domain}/${kebab}${ext}`,
    testFile: `${spec.domain}/${kebab}.test${ext}`,
    importPath: `./${spec.domain}/${kebab}${ext === '.ts' ? '.js' : ext}`,
    ident: toolIdentifier(spec.name),
  };
}

function paramFields(def: ParamDef): string {
  const f = [`type: ${tsString(def.type)}`, `description: ${tsString(def.description)}`];
  if (def.required !== undefined) f.push(`required: ${def.required}`);
  if (def.enum !== undefined) f.push(`enum: ${tsValue(def.enum)}`);
  if (def.min !== undefined) f.push(`min: ${tsValue(def.min)}`);
  if (def.max !== undefined) f.push(`max: ${tsValue(def.max)}`);
  if (def.pattern !== undefined) f.push(`pattern: ${tsString(def.pattern)}`);
  if (def.integer !== undefined) f.push(`integer: ${def.integer}`);
  if (def.default !== undefined) f.push(`default: ${tsValue(def.default)}`);
  return f.join(', ');
}

/** The lines of an output record's fields at `indent`, nested `properties` indented further. */
function outputLines(output: OutputDef, indent: string): string[] {
  const lines: string[] = [];
  for (const [key, def] of Object.entries(output)) {
    const f = [`type: ${tsString(def.type)}`, `description: ${tsString(def.description)}`];
    if (def.required !== undefined) f.push(`required: ${def.required}`);
    if (def.enum !== undefined) f.push(`enum: ${tsValue(def.enum)}`);
    if (def.integer !== undefined) f.push(`integer: ${def.integer}`);
    if (def.min !== undefined) f.push(`min: ${tsValue(def.min)}`);
    if (def.max !== undefined) f.push(`max: ${tsValue(def.max)}`);
    const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : tsString(key);
    if (!def.properties) lines.push(`${indent}${name}: { ${f.join(', ')} },`);
    else
      lines.push(
        `${indent}${name}: {`,
        `${indent}  ${f.join(', ')},`,
        `${indent}  properties: {`,
        ...outputLines(def.properties, `${indent}    `),
        `${indent}  },`,
        `${indent}},`,
      );
  }
  return lines;
}

/**
 * The source of one tool file: JSDoc, `defineTool({...})` and an `execute` that throws "not implemented". `defineTool`
 * comes from `schemaModule` (the toolbox's `schema.ts`, or where an existing toolbox's tools take it from). The text
 * has no type annotation, so it is TypeScript and an ES module's JavaScript alike; `kind` CommonJS writes it with
 * `require` and `module.exports`.
 */
export function renderTool(spec: ToolSpec, schemaModule = '../schema.js', kind: ToolFileKind = { ext: '.ts', commonJs: false }): string {
  const paths = toolPaths(spec, kind.ext);
  const entries = Object.entries(spec.params);
  const locals = localNames(entries.map(([key]) => key));
  const bindings = entries.map(([key], i) => (locals[i] === key ? key : `${key}: ${locals[i]}`)).join(', ');
  const doc = [...(spec.title ? [...jsdocLines(spec.title), ''] : []), ...jsdocLines(spec.description)];
  return renderTemplate('tool.ts', {
    commonJs: kind.commonJs,
    schemaModule: tsString(schemaModule),
    ident: paths.ident,
    doc,
    nameLit: tsString(spec.name),
    titleLit: spec.title !== undefined ? tsString(spec.title) : '',
    descriptionLit: tsString(spec.description),
    // a spec that does not say leaves `mutates` out (with a TODO): the tool counts as destructive and validate's mutates-declared asks
    mutatesDeclared: spec.mutates !== undefined,
    mutates: spec.mutates,
    // a mutating tool always says it (validate's destructive-declared); unless the spec says, true: the MCP spec's safe default
    writeDestructive: spec.mutates === true || spec.destructive === true,
    destructive: spec.destructive ?? spec.mutates === true,
    params: entries.map(([key, def]) => ({ key, fields: paramFields(def) })),
    output: spec.output ? outputLines(spec.output, '    ') : [],
    destructure: bindings,
    locals: bindings,
    notImplementedLit: tsString(`${spec.name} is not implemented yet (${paths.file})${entries.length ? '; args: ' : ''}`),
  });
}

/** Sample texts tried in turn for a string param with lengths or a pattern. */
const SAMPLE_TEXTS = [
  'example',
  'a',
  'A',
  '0',
  'Example',
  'EXAMPLE',
  'example-1',
  'example_1',
  'example@example.com',
  'https://example.com',
];

/**
 * A sample value for a string param that fits its lengths and pattern: the first of
 * {@link SAMPLE_TEXTS} that does once padded (with its last character) or cut to the lengths, or
 * `example` when none does (the generated test then shows the param wants a value written by hand).
 */
function sampleString(def: ParamDef): string {
  const fitted = SAMPLE_TEXTS.map((text) => {
    const chars = [...text];
    const padded =
      def.min !== undefined && chars.length < def.min ? [...chars, ...Array(def.min - chars.length).fill(chars.at(-1))] : chars;
    return (def.max !== undefined ? padded.slice(0, def.max) : padded).join('');
  });
  return fitted.find((text) => stringProblem(def, text) === undefined) ?? 'example';
}

function sampleValue(def: ParamDef): string | number | boolean | string[] {
  if (def.default !== undefined) return Array.isArray(def.default) ? [...def.default] : (def.default as string | number | boolean);
  switch (def.type) {
    case 'boolean':
      return true;
    case 'color':
      return '#336699';
    case 'number':
      return def.enum?.[0] !== undefined ? Number(def.enum[0]) : (def.min ?? def.max ?? 1);
    case 'string':
      return def.enum?.[0] !== undefined ? String(def.enum[0]) : sampleString(def);
    case 'string[]': {
      const item = def.enum?.[0] !== undefined ? String(def.enum[0]) : 'example';
      return Array.from({ length: Math.max(1, def.min ?? 1) }, () => item);
    }
  }
}

/**
 * A vitest file for a tool: its input schema, `parseArgs` (from `schemaModule`), and a call through `runTool` with an approval.
 * Written as an ES module (vitest cannot be required), with the tool file's extension (`ext`).
 */
export function renderToolTest(spec: ToolSpec, schemaModule = '../schema.js', ext: ToolFileKind['ext'] = '.ts'): string {
  const paths = toolPaths(spec, ext);
  const entries = Object.entries(spec.params);
  const sample = entries.map(([key, def]) => `${key}: ${tsValue(sampleValue(def))}`);
  return renderTemplate('tool.test.ts', {
    schemaModule: tsString(schemaModule),
    ident: paths.ident,
    toolModule: tsString(`./${paths.file.slice(spec.domain.length + 1, -ext.length)}${ext === '.ts' ? '.js' : ext}`),
    nameLit: tsString(spec.name),
    paramNames: tsValue(entries.map(([k]) => k)),
    requiredNames: tsValue(entries.filter(([, d]) => d.required === true).map(([k]) => k)),
    sampleArgs: sample.length ? `{ ${sample.join(', ')} }` : '{}',
  });
}

/** The names of the skeleton files, relative to the output root: the schema layer, the registry files and the adapter layer. */
export const SKELETON = {
  schema: 'schema.ts',
  core: 'registry-core.ts',
  extended: 'registry-extended.ts',
  registry: 'registry.ts',
  adapter: 'adapter.ts',
} as const;

/** The const each tier file exports. */
export const TIER_CONST: Record<Tier, string> = { core: 'CORE_TOOLS', extended: 'EXTENDED_TOOLS' };

/** The source of one skeleton file; a tier file lists `tools` (with their imports). */
export function renderSkeleton(file: keyof typeof SKELETON, tools: readonly { ident: string; importPath: string }[] = []): string {
  if (file === 'schema' || file === 'registry' || file === 'adapter') return renderTemplate(`${SKELETON[file]}`, {});
  const doc =
    file === 'core'
      ? 'The core tier: the tools the model sees by default. Keep it small (about 30 tools).'
      : 'The extended tier: every other tool, loaded when a task asks for it.';
  return renderTemplate('registry-tier.ts', { doc, constName: TIER_CONST[file], tools });
}
