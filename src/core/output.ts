/** A tool's declared output: flat fields (the param types plus objects) or a zod object, and their TypeScript types. */

import type { z } from 'zod';
import type { ParamType } from './param.js';

/**
 * The types an output field may have: the five param types, plus `object` (a nested record of
 * fields, `properties`) and `object[]` (an array of such records). Outputs may nest where
 * params may not: the model and the client read them, they never write them.
 */
export type OutputFieldType = ParamType | 'object' | 'object[]';

/** Every {@link OutputFieldType}, in a stable order. */
export const OUTPUT_FIELD_TYPES: readonly OutputFieldType[] = ['string', 'number', 'boolean', 'color', 'string[]', 'object', 'object[]'];

/**
 * One field of a tool's declared output, written like a {@link ParamDef} (no `default`: a result
 * field has no default to fall back on).
 *
 * - `description`: required, what the field holds (shown in `outputSchema` and the docs).
 * - `required`: the result always has the field (else it may be left out; `null` is never valid).
 * - `enum`, `min`/`max`, `pattern`, `integer`: as for params (`min`/`max` count items for `string[]` and
 *   `object[]`, and characters, Unicode code points, for `string`; `pattern` is for `string` only).
 * - `properties`: for `object` and `object[]`, the fields of the nested record (required there, refused elsewhere).
 */
export interface OutputFieldDef {
  type: OutputFieldType;
  description: string;
  required?: boolean;
  enum?: readonly (string | number)[];
  min?: number;
  max?: number;
  pattern?: string;
  integer?: boolean;
  properties?: OutputDef;
}

/** A tool's declared output as flat fields: field name to {@link OutputFieldDef}, in declaration order. */
export type OutputDef = { readonly [name: string]: OutputFieldDef };

/** What `output` on a tool may be: an {@link OutputDef}, or a zod object schema (for people who write zod). */
export type OutputSpec = OutputDef | z.ZodObject;

type EnumOf<D> = D extends { enum: readonly (infer E)[] } ? E : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Narrow<D, Base> = [EnumOf<D>] extends [never] ? Base : Extract<EnumOf<D>, Base>;

/** The TypeScript type of one output field's value. */
export type OutputFieldValue<D extends OutputFieldDef> = D['type'] extends 'object'
  ? D extends { properties: infer P extends OutputDef }
    ? ResolvedOutput<P>
    : Record<string, unknown>
  : D['type'] extends 'object[]'
    ? D extends { properties: infer P extends OutputDef }
      ? ResolvedOutput<P>[]
      : Record<string, unknown>[]
    : D['type'] extends 'number'
      ? Narrow<D, number>
      : D['type'] extends 'boolean'
        ? boolean
        : D['type'] extends 'string[]'
          ? Narrow<D, string>[]
          : D['type'] extends 'color'
            ? string
            : Narrow<D, string>;

/**
 * What `execute` must return for a declared output `O`: for an {@link OutputDef}, an object with
 * each `required: true` field present and the others optional (enums narrowed to their
 * literals, nested `object`/`object[]` fields resolved the same way); for a zod object,
 * `z.input` of it (the pipeline parses it, so a `.default()` may be left out).
 */
export type ResolvedOutput<O> = O extends z.ZodObject
  ? z.input<O>
  : O extends OutputDef
    ? Simplify<
        { -readonly [K in keyof O as O[K] extends { required: true } ? K : never]: OutputFieldValue<O[K]> } & {
          -readonly [K in keyof O as O[K] extends { required: true } ? never : K]?: OutputFieldValue<O[K]>;
        }
      >
    : never;

/** What `execute` of a tool with a declared output may return: the output, or `{ error }` to report a failure. */
export type OutputReturn<O> = ResolvedOutput<O> | { error: string };
