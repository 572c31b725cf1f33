/** Resources and resource templates as MCP lists and reads them: fixed URIs and RFC 6570 templates. */

import type { ClientAccess } from './client-input.js';
import { checkCompletion, type CompletionSource } from './completion.js';

/**
 * What a resource's `read` returns: text (a string, sent as MCP `text`), bytes (a
 * `Uint8Array`, sent base64 as `blob`), or either with its own `mimeType` (instead of the
 * definition's). A template's `read` returns `undefined` when no resource exists at the URI
 * it was asked for (the client gets the spec's resource-not-found error).
 */
export type ResourceBody = string | Uint8Array | { text: string; mimeType?: string } | { bytes: Uint8Array; mimeType?: string };

/** The second argument of `read`: the request's `signal`, the URI asked for, and client access as a tool has. */
export interface ResourceReadContext extends ClientAccess {
  readonly signal: AbortSignal;
  readonly uri: string;
}

/** What every resource definition holds (MCP `Resource` / `ResourceTemplate` fields). `size` is in bytes. */
interface ResourceInfo {
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
}

/** A resource at one fixed `uri` (absolute, with a scheme: `file:///…`, `docs://guide`). */
export interface FixedResourceDef extends ResourceInfo {
  uri: string;
  read(ctx: ResourceReadContext): ResourceBody | Promise<ResourceBody>;
}

/**
 * A family of resources behind an RFC 6570 `uriTemplate` (`docs://pages/{slug}`). `read`
 * gets the template's variables from the URI asked for. `variables` may give each variable
 * an `enum` and/or a `complete` function for MCP `completion/complete`, and a `description`.
 * `list()` optionally names concrete resources for `resources/list`.
 */
export interface ResourceTemplateDef extends ResourceInfo {
  uriTemplate: string;
  variables?: Record<string, CompletionSource & { description?: string }>;
  read(variables: Record<string, string>, ctx: ResourceReadContext): ResourceBody | undefined | Promise<ResourceBody | undefined>;
  list?(): readonly (Omit<ResourceInfo, 'size'> & { uri: string; size?: number })[];
}

/** A resource or a resource template, as a toolbox module's `resources` export holds them. */
export type ResourceDef = FixedResourceDef | ResourceTemplateDef;

/** True for a template definition (it has `uriTemplate`). */
export function isResourceTemplate(def: ResourceDef): def is ResourceTemplateDef {
  return typeof (def as ResourceTemplateDef).uriTemplate === 'string';
}

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

/** The variable names of an RFC 6570 template (`{id}`, `{+path}`, `{?q,page}` give id, path, q, page). */
export function templateVariables(uriTemplate: string): string[] {
  return [...uriTemplate.matchAll(/\{[+#./;?&]?([^}]+)\}/g)].flatMap((m) =>
    m[1]!.split(',').map((v) => v.replace(/[*]|:\d+$/g, '').trim()),
  );
}

/**
 * Checks a resource or resource template definition and returns it (MCP spec 2025-11-25,
 * server/resources).
 * @throws {TypeError} for a missing `name`, both or neither of `uri` and `uriTemplate`, a
 *   `uri` without a scheme, a template without a `{variable}`, a `variables` entry naming no
 *   variable of the template or with a bad `enum`/`complete`, a `size` that is not a
 *   non-negative integer, or a missing `read` function.
 */
export function defineResource(def: FixedResourceDef): FixedResourceDef;
export function defineResource(def: ResourceTemplateDef): ResourceTemplateDef;
export function defineResource(def: ResourceDef): ResourceDef {
  const label = `defineResource ${JSON.stringify((def as Partial<ResourceInfo>)?.name ?? '<unnamed>')}`;
  if (typeof def?.name !== 'string' || def.name === '') throw new TypeError('defineResource: name must be a non-empty string');
  const hasUri = typeof (def as Partial<FixedResourceDef>).uri === 'string';
  if (hasUri === isResourceTemplate(def))
    throw new TypeError(`${label}: give either uri (one resource) or uriTemplate (a template), not both or neither`);
  if (typeof def.read !== 'function') throw new TypeError(`${label}: read must be a function`);
  if (def.size !== undefined && !(Number.isSafeInteger(def.size) && def.size >= 0))
    throw new TypeError(`${label}: size must be a non-negative integer (bytes)`);
  if (!isResourceTemplate(def)) {
    if (!SCHEME.test(def.uri))
      throw new TypeError(`${label}: uri must be absolute, with a scheme (such as file:// or docs://), received "${def.uri}"`);
    return def;
  }
  if (!SCHEME.test(def.uriTemplate)) throw new TypeError(`${label}: uriTemplate must start with a scheme, received "${def.uriTemplate}"`);
  const names = templateVariables(def.uriTemplate);
  if (names.length === 0) throw new TypeError(`${label}: uriTemplate has no {variable}; use uri for a single resource`);
  for (const [name, source] of Object.entries(def.variables ?? {})) {
    if (!names.includes(name))
      throw new TypeError(`${label}: variables.${name} is not a variable of "${def.uriTemplate}" (it has ${names.join(', ')})`);
    checkCompletion(source, `${label}: variables.${name}`);
  }
  if (def.list !== undefined && typeof def.list !== 'function') throw new TypeError(`${label}: list must be a function`);
  return def;
}
