/** Reads `output` of a `defineTool` call statically, as `defineTool` reads it at run time. */

import { outputProblems } from '../core/output-problems.js';
import { toOutputSchema } from '../core/output-schema.js';
import type { OutputDef } from '../core/output.js';
import type { Entry, Evaluator } from './evaluate.js';
import type { JsonSchemaObject } from './library-schemas.js';
import { NotStatic } from './scope.js';
import type { InputFailure } from './zod-input-static.js';
import type { ZodReader } from './zod-static.js';
import { isPlainObject } from '../util/is-plain-object.js';

/**
 * Reads `output` of a `defineTool` call without running code, as `defineTool` reads it at run
 * time: an object literal of output fields is evaluated and checked by the runtime's own
 * `outputProblems`; a zod object is replayed on zod by the {@link ZodReader} and written by the
 * runtime's own `toOutputSchema`, so the export equals what the server lists. A problem is a
 * failure naming the field under `output` and the node it is at (validate reports it as an error
 * with its position: the tool would throw at import).
 */
export function readOutput(
  entry: Entry,
  ev: Evaluator,
  zod: ZodReader | undefined,
): { output?: OutputDef; outputSchema: JsonSchemaObject } | InputFailure {
  if (entry.kind === 'function')
    return { node: entry.node, code: 'bad-type', field: 'output', message: 'is a function, expected output fields or a zod object' };
  const value = ev.value(entry.expr);
  if (isPlainObject(value) && !(value instanceof NotStatic)) {
    const first = outputProblems(value)[0];
    if (first) return { node: entry.expr, code: 'bad-type', field: first.field, message: first.problem };
    return { output: value as OutputDef, outputSchema: toOutputSchema(value as OutputDef) };
  }
  if (!zod) return { node: entry.expr, code: 'not-static', field: 'output', message: notStaticReason(value) };
  const schema = zod.schema(entry.expr);
  if (schema instanceof NotStatic) return { node: schema.node, code: 'not-static', field: 'output', message: schema.reason };
  const first = outputProblems(schema)[0];
  if (first) return { node: entry.expr, code: 'bad-type', field: first.field, message: first.problem };
  return { outputSchema: toOutputSchema(schema as never) };
}

function notStaticReason(value: unknown): string {
  return value instanceof NotStatic ? value.reason : `is ${JSON.stringify(value) ?? String(value)}, expected output fields or a zod object`;
}
