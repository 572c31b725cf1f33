/** Reads `input: z.object({...})` of a `defineTool` call statically, by replaying the schema on zod. */

import type { ParamsDef } from '../core/param.js';
import { fromZodInput } from '../core/zod-input.js';
import type { Entry } from './evaluate.js';
import type { JsonSchemaObject } from './library-schemas.js';
import { paramsView } from './params-view.js';
import { NotStatic } from './scope.js';
import type { ts } from './ts-morph.cjs';
import type { ZodReader } from './zod-static.js';

/** Why a `defineTool({ input })` cannot be read: the node, a diagnostic code, the field and the reason. */
export interface InputFailure {
  node: ts.Node;
  code: 'not-static' | 'bad-type';
  field: string;
  message: string;
}

/**
 * Reads `input: z.object({...})` of a `defineTool` call without running code: the schema is
 * replayed on zod by the {@link ZodReader} (the static zod subset), then turned into params by
 * the runtime's own `fromZodInput`, so the export equals what `defineTool` makes of it. For an
 * input that is not flat, `params` is a view of its portable schema (nested properties keep
 * their JSON Schema type, so `flat-params` reports them) and `inputSchema` is that schema.
 */
export function readZodInput(entry: Entry, zod: ZodReader): { params: ParamsDef; inputSchema?: JsonSchemaObject } | InputFailure {
  if (entry.kind === 'function')
    return { node: entry.node, code: 'bad-type', field: 'input', message: 'is a function, expected a zod object schema' };
  const schema = zod.schema(entry.expr);
  if (schema instanceof NotStatic) return { node: schema.node, code: 'not-static', field: 'input', message: schema.reason };
  const r = fromZodInput(schema);
  if ('problem' in r) return { node: entry.expr, code: 'bad-type', field: r.field, message: r.problem };
  return r.inputSchema ? { params: { ...paramsView(r.inputSchema), ...r.params }, inputSchema: r.inputSchema } : { params: r.params };
}
