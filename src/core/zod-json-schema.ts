/** The JSON Schema (draft-07) of a zod 3 or zod 4 schema built with any copy of zod. */

import { z } from 'zod';
import { zod3JsonSchema } from './zod3-json-schema.js';
import { isPlainObject } from '../util/is-plain-object.js';

type Json = Record<string, unknown>;

/** A zod schema node of any zod 4 copy: its `_zod.def` is read, never `instanceof`. */
type Zod4Node = { _zod: { def: Json }; meta?: () => unknown; description?: string };

const isZod4 = (v: unknown): v is Zod4Node => isPlainObject(v) && isPlainObject(v._zod) && isPlainObject((v._zod as Json).def);
const isZod3 = (v: unknown): boolean => isPlainObject(v) && isPlainObject(v._def) && typeof (v._def as Json).typeName === 'string';

/** Whether `v` is a zod 3 or zod 4 schema, from any copy of zod. */
export function isAnyZodSchema(v: unknown): boolean {
  return isZod4(v) || isZod3(v);
}

/**
 * The JSON Schema (draft-07, input mode unless `io` says `output`, reused schemas inline) of a zod schema built with any
 * copy of zod, so the result does not depend on which zod the user's project installs:
 * - zod 4.2 and later: the schema's own converter, `~standard.jsonSchema.input({ target: 'draft-07' })`
 *   (the Standard JSON Schema interface; equal to that copy's `z.toJSONSchema`);
 * - zod 4.0 and 4.1: this package's `z.toJSONSchema`, with the descriptions and metadata that
 *   copy keeps in its own registry read through each node's `.meta()` (our converter cannot see them);
 * - zod 3: `zod3JsonSchema`, this package's reading of zod 3's definitions (input mode only: for
 *   an output it differs from zod 4's output mode in leaving objects open and defaulted keys optional).
 * `$schema` is left in, as zod writes it.
 *
 * @throws the converter's error when the schema has no JSON Schema form (e.g. a date).
 */
export function zodJsonSchema(schema: unknown, io: 'input' | 'output' = 'input'): Json {
  if (isZod4(schema)) {
    type Writer = (o: { target: string }) => unknown;
    const std = (schema as { '~standard'?: { jsonSchema?: { input?: Writer; output?: Writer } } })['~standard'];
    const own = std?.jsonSchema?.[io];
    if (typeof own === 'function') return own({ target: 'draft-07' }) as Json;
    return z.toJSONSchema(schema as unknown as z.ZodType, {
      target: 'draft-7',
      io,
      reused: 'inline',
      metadata: metadataOf(schema),
    });
  }
  if (isZod3(schema)) return zod3JsonSchema(schema);
  throw new TypeError('not a zod schema');
}

/** A registry holding each node's metadata as its own zod copy reports it (`.meta()`, `.description`). */
function metadataOf(root: Zod4Node): z.core.$ZodRegistry<z.core.GlobalMeta> {
  const registry = z.registry<z.core.GlobalMeta>();
  const seen = new Set<unknown>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (!isPlainObject(v) || seen.has(v)) return;
    seen.add(v);
    if (!isZod4(v)) {
      Object.values(v).forEach(visit);
      return;
    }
    const meta = typeof v.meta === 'function' ? v.meta() : undefined;
    const description = typeof v.description === 'string' ? v.description : undefined;
    const all = { ...(isPlainObject(meta) ? meta : {}), ...(description !== undefined ? { description } : {}) };
    if (Object.keys(all).length > 0) registry.add(v as unknown as z.ZodType, all);
    for (const [k, child] of Object.entries(v._zod.def)) if (k !== 'checks') visit(typeof child === 'function' ? undefined : child);
    const shape = (v._zod.def as { shape?: unknown }).shape;
    if (isPlainObject(shape)) Object.values(shape).forEach(visit);
  };
  visit(root);
  return registry;
}
