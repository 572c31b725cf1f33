/** Params: the five flat param types, a param's definition, and the TypeScript type of the args `execute` receives. */

/**
 * The five param types a tool may declare. Params are flat: no objects, no nesting,
 * so every provider and every command line can express them.
 *
 * - `string`: any string.
 * - `number`: a finite JSON number.
 * - `boolean`: `true` or `false`.
 * - `color`: a hex color string, `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`.
 * - `string[]`: an array of strings.
 */
export type ParamType = 'string' | 'number' | 'boolean' | 'color' | 'string[]';

/** Every {@link ParamType}, in a stable order. */
export const PARAM_TYPES: readonly ParamType[] = ['string', 'number', 'boolean', 'color', 'string[]'];

/**
 * One param of a tool.
 *
 * - `description`: required, shown to the model and in every export.
 * - `required`: the caller must send it. A param with a `default` is never required
 *   (giving both is a definition error).
 * - `default`: used when the param is omitted or sent as `null`.
 * - `enum`: the allowed values: strings, or numbers for a `number` param. For
 *   `string[]` it constrains each item.
 * - `min`/`max`: inclusive value bounds for `number`; item-count bounds for `string[]`; for
 *   `string`, inclusive length bounds in Unicode code points (whole numbers >= 0), so `'😀'` is
 *   one character, as JSON Schema 2020-12's validation vocabulary counts `minLength`/`maxLength`
 *   (json-schema.org/draft/2020-12/json-schema-validation, section 6.3). Written as
 *   `minLength`/`maxLength` for `string`, `minimum`/`maximum` for `number`, `minItems`/`maxItems`
 *   for `string[]`.
 * - `pattern`: `string` only; a regular expression source in ECMA-262 syntax that the value must
 *   match somewhere (not anchored: write `^...$` for the whole value), written as JSON Schema's
 *   `pattern` (same vocabulary, section 6.3.3). It must compile with the `u` flag
 *   (`new RegExp(pattern, 'u')`), which is how the argument validator runs it. A `color` param has
 *   its own hex pattern and takes no `pattern`.
 * - `integer`: `number` only; `true` admits whole numbers only (JSON Schema `type: 'integer'`).
 *   `defineTool` sets it from a zod `input`'s `.int()`, so the schema says what the call checks.
 */
export interface ParamDef {
  type: ParamType;
  description: string;
  required?: boolean;
  default?: string | number | boolean | readonly string[];
  enum?: readonly (string | number)[];
  min?: number;
  max?: number;
  pattern?: string;
  integer?: boolean;
}

/** A tool's params: param name to {@link ParamDef}, in declaration order. */
export type ParamsDef = Record<string, ParamDef>;

type EnumOf<D> = D extends { enum: readonly (infer E)[] } ? E : never;

/** The TypeScript type of one param's value as `execute` receives it. */
export type ParamValue<D extends ParamDef> = D['type'] extends 'number'
  ? [EnumOf<D>] extends [never]
    ? number
    : Extract<EnumOf<D>, number>
  : D['type'] extends 'boolean'
    ? boolean
    : D['type'] extends 'string[]'
      ? [EnumOf<D>] extends [never]
        ? string[]
        : Extract<EnumOf<D>, string>[]
      : D['type'] extends 'color'
        ? string
        : [EnumOf<D>] extends [never]
          ? string
          : Extract<EnumOf<D>, string>;

// `{}` is any non-nullish value: a param with a default of any value is always present
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type AlwaysPresent<D> = D extends { required: true } ? true : D extends { default: {} } ? true : false;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * The `args` object `execute` receives for params `P`: a key is non-optional when the
 * param is `required: true` or has a `default`; enums narrow to their literal members.
 */
export type ArgsOf<P extends ParamsDef> = 0 extends 1 & P
  ? any // ToolDef<any>: any tool's args (a mapped type over `any` would drop number and object values)
  : Simplify<
      { -readonly [K in keyof P as AlwaysPresent<P[K]> extends true ? K : never]: ParamValue<P[K]> } & {
        -readonly [K in keyof P as AlwaysPresent<P[K]> extends true ? never : K]?: ParamValue<P[K]>;
      }
    >;

/** The pattern every `color` value must match: `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`. */
export const COLOR_PATTERN = '^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$';

/** Param names that are valid identifiers in every target (JSON Schema keys, CLI flags, TS). */
export const PARAM_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * Why `name` cannot be a param name, or `undefined` when it can: it must match
 * {@link PARAM_NAME_PATTERN}, and must not be `__proto__`, which JavaScript object literals and
 * most JSON handling take for the prototype, so its value would never reach `execute`. Any
 * other name works, `constructor`, `toString` and `valueOf` included (arguments are read as
 * own properties only).
 */
export function paramNameProblem(name: string): string | undefined {
  if (!PARAM_NAME_PATTERN.test(name)) return `param name must match ${PARAM_NAME_PATTERN.source}`;
  if (name === '__proto__')
    return 'param name "__proto__" is refused: JavaScript objects and JSON parsers take it for the prototype, so its value would never arrive';
  return undefined;
}
