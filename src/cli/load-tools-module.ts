/** Loads a user's tools module and picks its tools, registry, prompts and resources from the exports, for `serve` and `call`. */

import { resolve } from 'node:path';
import { loaderMessage } from './loader-message.js';
import { DuplicateToolError } from '../core/errors.js';
import type { PromptDef, PromptsInput, PromptSource } from '../core/prompt.js';
import type { ResourceDef } from '../core/resource.js';
import type { McpSkillsOption } from '../adapters/mcp-toolbox.js';
import type { AnyToolDef } from '../core/tool.js';
import { createRegistry } from '../registry/registry.js';
import { isRegistry, isToolSource, type ToolsInput } from '../runtime/tool-source.js';
import { ConfigError, EnvironmentError } from '../shared/errors.js';
import { checkToolsModulePath } from './not-a-module.js';
import { isPlainObject } from '../util/is-plain-object.js';

/** The tools a user's module provides, as `serve` and `call` use them. */
export interface LoadedTools {
  /** A registry, a ToolSource or an array of tools. */
  tools: ToolsInput;
  /** The module's `getApi` export, or a function returning its `api` export. */
  getApi?: () => unknown;
  /** Which export the tools came from, for messages (e.g. `CORE_TOOLS + EXTENDED_TOOLS`). */
  from: string;
  /** The module's `prompts` export (an array of `definePrompt` results or a `PromptSource`), served by `serve`. */
  prompts?: PromptsInput;
  /** The module's `resources` export (an array of `defineResource` results), served by `serve`. */
  resources?: readonly ResourceDef[];
  /** The skill store's prompt skills, served through the MCP skills extension (set by `serve` from the store). */
  skills?: McpSkillsOption;
  /**
   * Named exports that are arrays of tools but are not read, because the tools were picked from the module's tool
   * exports (`export const dynTools = [...]` beside `export const ping = defineTool(...)`): `serve` and `call` say so.
   */
  unread?: string[];
}

function resourcesExport(value: unknown, file: string): ResourceDef[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value))
    throw new ConfigError(`${file}: export resources must be an array of resources (defineResource results), found ${typeof value}`);
  value.forEach((v, i) => {
    const r = v as Partial<ResourceDef & { uriTemplate: string; uri: string }>;
    if (
      typeof r !== 'object' ||
      r === null ||
      typeof r.name !== 'string' ||
      typeof r.read !== 'function' ||
      (typeof r.uri !== 'string' && typeof r.uriTemplate !== 'string')
    )
      throw new ConfigError(
        `${file}: resources[${i}] is not a resource: expected an object with a name, a uri or uriTemplate, and a read function`,
      );
  });
  return value as ResourceDef[];
}

function promptsExport(value: unknown, file: string): PromptsInput | undefined {
  if (value === undefined) return undefined;
  if (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PromptSource).prompts === 'function' &&
    typeof (value as PromptSource).onChange === 'function'
  )
    return value as PromptSource;
  if (!Array.isArray(value))
    throw new ConfigError(
      `${file}: export prompts must be an array of prompts (definePrompt results) or a PromptSource, found ${typeof value}`,
    );
  value.forEach((v, i) => {
    if (typeof v !== 'object' || v === null || typeof (v as PromptDef).name !== 'string' || typeof (v as PromptDef).get !== 'function')
      throw new ConfigError(`${file}: prompts[${i}] is not a prompt: expected an object with a name and a get function`);
  });
  return value as PromptDef[];
}

const isTool = (v: unknown): v is AnyToolDef =>
  typeof v === 'object' && v !== null && typeof (v as AnyToolDef).name === 'string' && typeof (v as AnyToolDef).execute === 'function';

function toolArray(value: unknown, exportName: string, file: string): AnyToolDef[] {
  if (!Array.isArray(value))
    throw new ConfigError(`${file}: export ${exportName} must be an array of tools (defineTool results), found ${typeof value}`);
  value.forEach((v, i) => {
    if (!isTool(v))
      throw new ConfigError(`${file}: ${exportName}[${i}] is not a tool: expected an object with a name and an execute function`);
  });
  return value as AnyToolDef[];
}

/**
 * Picks the tools out of an imported module's exports, first match wins:
 * 1. a registry (`createRegistry`) exported as `registry`, or as the only registry-shaped export;
 * 2. a `ToolSource` export (an object with `tools()` and `onChange()`);
 * 3. `CORE_TOOLS` and/or `EXTENDED_TOOLS` arrays (made into a registry with those tiers), or `ALL_TOOLS` (all core);
 * 4. the default export: a registry, a ToolSource, an array of tools or one tool;
 * 5. every named export that is a tool (a file of `export const x = defineTool(...)`), in export order.
 * A `prompts` export (an array of prompts or a `PromptSource`) is returned as `prompts`, a
 * `resources` export (an array of `defineResource` results) as `resources`.
 *
 * @throws {ConfigError} when none is found (naming the exports there are), or an array holds something that is not a tool.
 */
export function toolsFromExports(mod: Record<string, unknown>, file: string): LoadedTools {
  const getApi = typeof mod.getApi === 'function' ? (mod.getApi as () => unknown) : 'api' in mod ? () => mod.api : undefined;
  const prompts = promptsExport(mod.prompts, file);
  const resources = resourcesExport(mod.resources, file);
  const withApi = (tools: ToolsInput, from: string): LoadedTools => ({
    tools,
    from,
    ...(getApi ? { getApi } : {}),
    ...(prompts ? { prompts } : {}),
    ...(resources ? { resources } : {}),
  });
  // Node 23+ adds a `module.exports` export to a CommonJS module imported as ESM: the exports object again, not one of the user's.
  const named = Object.entries(mod).filter(([k]) => k !== 'default' && k !== 'prompts' && k !== 'resources' && k !== 'module.exports');
  const registries = named.filter(([, v]) => typeof v === 'object' && v !== null && isRegistry(v as ToolsInput));
  const chosen = registries.find(([k]) => k === 'registry') ?? (registries.length === 1 ? registries[0] : undefined);
  if (chosen) return withApi(chosen[1] as ToolsInput, chosen[0]);
  if (registries.length > 1)
    throw new ConfigError(
      `${file}: several registries are exported (${registries.map(([k]) => k).join(', ')}); export the one to use as 'registry'`,
    );
  const source = named.find(([, v]) => typeof v === 'object' && v !== null && isToolSource(v as ToolsInput));
  if (source) return withApi(source[1] as ToolsInput, source[0]);
  if (mod.CORE_TOOLS !== undefined || mod.EXTENDED_TOOLS !== undefined) {
    const core = mod.CORE_TOOLS === undefined ? [] : toolArray(mod.CORE_TOOLS, 'CORE_TOOLS', file);
    const extended = mod.EXTENDED_TOOLS === undefined ? [] : toolArray(mod.EXTENDED_TOOLS, 'EXTENDED_TOOLS', file);
    return withApi(createRegistry({ core, extended }), 'CORE_TOOLS + EXTENDED_TOOLS');
  }
  if (mod.ALL_TOOLS !== undefined) return withApi(createRegistry({ core: toolArray(mod.ALL_TOOLS, 'ALL_TOOLS', file) }), 'ALL_TOOLS');
  // A TypeScript module run as CommonJS (no "type": "module") has its `export default` one level down, at `default.default`.
  const wrapped = mod.default as { __esModule?: boolean; default?: unknown } | undefined;
  const dflt = isPlainObject(wrapped) && 'default' in wrapped && !isTool(wrapped) ? wrapped.default : wrapped;
  if (typeof dflt === 'object' && dflt !== null) {
    if (isRegistry(dflt as ToolsInput) || isToolSource(dflt as ToolsInput)) return withApi(dflt as ToolsInput, 'default');
    if (Array.isArray(dflt)) return withApi(createRegistry({ core: toolArray(dflt, 'default', file) }), 'default');
    if (isTool(dflt)) return withApi(createRegistry({ core: [dflt] }), 'default');
  }
  // a file of tools, each a named export (`export const getPage = defineTool(...)`), as validate and export read it
  const tools = named.filter(([, v]) => isTool(v));
  const arrays = named.filter(([, v]) => Array.isArray(v) && v.length > 0 && v.every(isTool)).map(([k]) => k);
  if (tools.length > 0) {
    const loaded = withApi(createRegistry({ core: tools.map(([, v]) => v as AnyToolDef) }), tools.map(([k]) => k).join(', '));
    return arrays.length > 0 ? { ...loaded, unread: arrays } : loaded;
  }
  // A module loaded as CommonJS gets a `default` that is only its exports object again: not one of the user's exports.
  const interop = isPlainObject(dflt) && Object.keys(dflt).every((k) => k in mod && k !== 'default');
  const names = Object.keys(mod).filter((k) => !(k === 'default' && interop) && k !== 'module.exports');
  throw new ConfigError(
    `${file}: no tools found. Export a registry (createRegistry) as 'registry', CORE_TOOLS/EXTENDED_TOOLS/ALL_TOOLS arrays, a default export of tools, or the tools themselves; found ${names.length > 0 ? `exports ${names.join(', ')}` : 'no exports'}${arrays.length > 0 ? `. ${arraysText(arrays)}` : ''}${foreignToolsHint(dflt === undefined ? named : [...named, ['default', dflt]])}`,
  );
}

/**
 * Which named exports are arrays of tools that are not read, and under which names they would be: a module's tiers are
 * its `CORE_TOOLS`, `EXTENDED_TOOLS` and `ALL_TOOLS` arrays or a registry. `arrays` is not empty.
 */
function arraysText(arrays: readonly string[]): string {
  const which = arrays.length === 1 ? `Export ${arrays[0]} is an array of tools` : `Exports ${arrays.join(', ')} are arrays of tools`;
  return `${which}, read only under the names CORE_TOOLS, EXTENDED_TOOLS or ALL_TOOLS: export ${arrays.length === 1 ? 'it' : 'them'} as one of those, or export a registry (createRegistry)`;
}

/**
 * The warning line (ending in a newline) `serve` and `call` print when `loaded` left arrays of tools unread (see
 * `LoadedTools.unread`), naming the exports that were read instead; empty when there are none.
 */
export function unreadArraysWarning(loaded: LoadedTools, module: string): string {
  if (!loaded.unread?.length) return '';
  return `agent-tools: warning: ${module} runs its tool exports (${loaded.from}). ${arraysText(loaded.unread)}\n`;
}

/** An AI SDK `tool()`: no `name` of its own, a schema under `inputSchema` (ai 5 and later) or `parameters` (ai 4). */
function isAiSdkTool(v: unknown): boolean {
  return isPlainObject(v) && !('name' in v) && ('inputSchema' in v || 'parameters' in v) && !isTool(v);
}

/**
 * What to do with exports made by another library: serve, call and the console run tools made with defineTool, while validate and
 * export read AI SDK tools and MCP SDK servers as they are (see bring-your-own-tools). Empty when no export looks like one.
 */
function foreignToolsHint(named: [string, unknown][]): string {
  const foreign = named.filter(
    ([, v]) =>
      isAiSdkTool(v) ||
      (isPlainObject(v) && Object.values(v).length > 0 && Object.values(v).every(isAiSdkTool)) ||
      (typeof v === 'object' && v !== null && typeof (v as { registerTool?: unknown }).registerTool === 'function'),
  );
  if (foreign.length === 0) return '';
  const list = foreign.map(([k]) => k).join(', ');
  return (
    `. ${foreign.length === 1 ? `Export ${list} holds` : `Exports ${list} hold`} AI SDK or MCP SDK tools, which serve, call and the console do not run: ` +
    'define the tools with defineTool (npx agent-tools scaffold), or read these as they are with npx agent-tools validate and ' +
    'npx agent-tools export (export --import runs the module)'
  );
}

/**
 * Imports a user's TypeScript or JavaScript module with Node's own loader, TypeScript compiled
 * on the way (`importModule`, so no build step is needed) and returns its tools, see {@link toolsFromExports}. `path` is resolved against
 * the working directory.
 *
 * @throws {ConfigError} when the file does not exist (with the closest file of its folder), is a folder (with its likely
 *   modules) or no module (see `checkToolsModulePath`), fails to load (with the loader's
 *   message), exports no tools, or exports two tools with one name.
 */
export async function loadToolsModule(path: string): Promise<LoadedTools> {
  const abs = resolve(path);
  await checkToolsModulePath(path, abs);
  const { importModule } = await import('../analysis/module-loader.js');
  let mod: Record<string, unknown>;
  try {
    mod = await importModule(abs);
  } catch (err) {
    if (err instanceof EnvironmentError) throw err;
    throw new ConfigError(`could not load ${path}: ${loaderMessage(err, abs, path)}`);
  }
  try {
    return toolsFromExports(mod, path);
  } catch (err) {
    if (err instanceof DuplicateToolError) throw new ConfigError(`${path}: ${err.message}`);
    throw err;
  }
}
