/** Extracts tools written with other libraries: MCP SDK `registerTool` and `server.tool`, AI SDK `tool`, Mastra `createTool`. */

import { ts } from './ts-morph.cjs';
import { z } from 'zod';
import { clip, unwrap, type Evaluator, type Shape } from './evaluate.js';
import { position } from './extract.js';
import { decidingText } from './approver-reading.js';
import { FORM_CALL } from './library-forms.js';
import { packageImportOf } from './imports.js';
import { readLibraryOutput } from './library-output.js';
import { aiSdkInputSchema, mcpSdkInputSchema, mcpV2JsonSchemaInput, NotModeled, type JsonSchemaObject } from './library-schemas.js';
import type { SchemaModel, SchemaModels } from './schema-model.js';
import { paramsView } from './params-view.js';
import { NotStatic, nodeText } from './scope.js';
import type { Diagnostic, ExtractedTool, ToolForm } from './types.js';
import { mastraInputSchema } from './mastra-schemas.js';
import { isZodSchema, type ZodReader } from './zod-static.js';
import { isPlainObject } from '../util/is-plain-object.js';

type LibraryForm = Exclude<ToolForm, 'defineTool'>;

/** What the library extractors share: the evaluator, the zod reader, the version models and how files are shown. */
export interface LibraryContext {
  ev: Evaluator;
  zod: ZodReader;
  models: SchemaModels;
  display: (sf: ts.SourceFile) => string;
}

/** A reason a tool is left out, thrown inside an extractor and turned into a diagnostic. */
class Leave {
  constructor(
    readonly node: ts.Node,
    readonly code: string,
    readonly field: string | undefined,
    readonly message: string,
  ) {}
}

type Result = { tool?: ExtractedTool; diagnostic?: Diagnostic };

function run(
  call: ts.CallExpression,
  form: LibraryForm,
  ctx: LibraryContext,
  name: string | undefined,
  body: (named: (n: string) => void) => ExtractedTool,
): Result {
  const at = position(call, ctx.display(call.getSourceFile()));
  let toolName = name;
  try {
    return { tool: body((n) => (toolName = n)) };
  } catch (err) {
    if (!(err instanceof Leave)) throw err;
    const pos = position(err.node, ctx.display(err.node.getSourceFile()));
    const where =
      err.node.getSourceFile() === call.getSourceFile() ? '' : ` (for the ${FORM_CALL[form]}() call at ${at.file}:${at.line}:${at.column})`;
    const subject = toolName !== undefined ? `tool \`${toolName}\`` : `the ${FORM_CALL[form]}() call at line ${at.line}`;
    const message = `${subject}${err.field ? `: \`${err.field}\`` : ''}: ${err.message}${where}; the tool is left out`;
    return {
      diagnostic: {
        code: err.code,
        message,
        ...pos,
        ...(toolName !== undefined ? { tool: toolName } : {}),
        ...(err.field ? { field: err.field } : {}),
      },
    };
  }
}

function value(ctx: LibraryContext, e: ts.Expression, field: string): unknown {
  const v = ctx.ev.value(e);
  if (v instanceof NotStatic) throw new Leave(v.node, 'not-static', field, v.reason);
  return v;
}

function optionalString(ctx: LibraryContext, shape: Shape, key: string, owner: ts.Node): string | undefined {
  const entry = shape.get(key);
  if (!entry) return undefined;
  if (entry.kind === 'function') throw new Leave(entry.node, 'bad-type', key, 'is a function, expected a string');
  const v = value(ctx, entry.expr, key);
  if (v !== undefined && typeof v !== 'string')
    throw new Leave(entry.expr ?? owner, 'bad-type', key, `is ${clip(JSON.stringify(v) ?? String(v))}, expected a string`);
  return v;
}

function objectShape(ctx: LibraryContext, e: ts.Expression | undefined, owner: ts.Node, what: string): Shape {
  if (!e) throw new Leave(owner, 'not-object', undefined, `is called without ${what}`);
  const s = ctx.ev.shape(e);
  if (s instanceof NotStatic)
    throw new Leave(s.node, unwrap(e).kind === ts.SyntaxKind.ObjectLiteralExpression ? 'not-static' : 'not-object', undefined, s.reason);
  return s;
}

function annotationsOf(ctx: LibraryContext, e: ts.Expression): Record<string, unknown> {
  const v = value(ctx, e, 'annotations');
  if (!isPlainObject(v)) throw new Leave(e, 'bad-type', 'annotations', `is ${clip(nodeText(e))}, expected an object`);
  return v;
}

function converted(node: ts.Node, convert: () => JsonSchemaObject): JsonSchemaObject {
  try {
    return convert();
  } catch (err) {
    if (err instanceof NotModeled) throw new Leave(node, 'not-static', 'inputSchema', `${err.message}; its schema is not modeled`);
    throw new Leave(
      node,
      'not-static',
      'inputSchema',
      `zod cannot convert it to JSON Schema: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`,
    );
  }
}

/** The `outputSchema` of a library tool's config as its library lists it (see `readLibraryOutput`); a failure leaves the tool out. */
function outputOf(ctx: LibraryContext, config: Shape, form: LibraryForm, model: SchemaModel): { outputSchema?: JsonSchemaObject } {
  const r = readLibraryOutput(config.get('outputSchema'), form, model, {
    zod: ctx.zod,
    jsonSchemaDocument: (e) => jsonSchemaDocument(ctx, e, 'outputSchema'),
  });
  if ('node' in r) throw new Leave(r.node, r.code, 'outputSchema', r.message);
  return r;
}

function zodInput(ctx: LibraryContext, e: ts.Expression, shapeAllowed: boolean): z.ZodType | Record<string, z.ZodType> {
  const r = shapeAllowed ? ctx.zod.schemaOrShape(e) : ctx.zod.schema(e);
  if (r instanceof NotStatic) throw new Leave(r.node, 'not-static', 'inputSchema', r.reason);
  return r;
}

function build(
  call: ts.CallExpression,
  form: LibraryForm,
  ctx: LibraryContext,
  f: {
    name: string;
    title?: string;
    description?: string;
    inputSchema: JsonSchemaObject;
    outputSchema?: JsonSchemaObject;
    annotations?: Record<string, unknown>;
    variableName?: string;
    /** Where the name is written (see `ExtractedTool.nameAt`). */
    nameNode: ts.Node;
  },
): ExtractedTool {
  const ro = f.annotations?.readOnlyHint;
  const de = f.annotations?.destructiveHint;
  return {
    name: f.name,
    ...(f.title !== undefined ? { title: f.title } : {}),
    description: f.description ?? '',
    ...(typeof ro === 'boolean' ? { mutates: !ro } : {}),
    ...(typeof de === 'boolean' ? { destructive: de } : {}),
    params: paramsView(f.inputSchema),
    hasSnapshot: false,
    hasExecute: true,
    ...position(call, ctx.display(call.getSourceFile())),
    nameAt: position(f.nameNode, ctx.display(f.nameNode.getSourceFile())),
    exportNames: [],
    callee: FORM_CALL[form],
    ...(f.variableName !== undefined ? { variableName: f.variableName } : {}),
    form,
    inputSchema: f.inputSchema,
    ...(f.outputSchema !== undefined ? { outputSchema: f.outputSchema } : {}),
    ...(f.annotations !== undefined ? { annotations: f.annotations } : {}),
  };
}

function toolName(ctx: LibraryContext, e: ts.Expression | undefined, call: ts.CallExpression, field: string): string {
  if (!e) throw new Leave(call, 'missing-field', field, 'is missing');
  const v = value(ctx, e, field);
  if (typeof v !== 'string') throw new Leave(e, 'bad-type', field, `is ${clip(JSON.stringify(v) ?? String(v))}, expected a string`);
  return v;
}

/**
 * `server.registerTool(name, { title, description, inputSchema, annotations }, handler)`, or a
 * task tool, `server.experimental.tasks.registerToolTask(name, config, handler)`, whose config
 * the SDK lists the same way (its `execution` is left out, as for every MCP SDK tool).
 */
export function extractRegisterTool(
  call: ts.CallExpression,
  ctx: LibraryContext,
  form: 'mcp-registerTool' | 'mcp-registerToolTask' = 'mcp-registerTool',
): Result {
  return run(call, form, ctx, undefined, (named) => {
    const name = toolName(ctx, call.arguments[0], call, 'name');
    named(name);
    const config = objectShape(ctx, call.arguments[1], call, 'a config object');
    const input = config.get('inputSchema');
    if (input?.kind === 'function') throw new Leave(input.node, 'bad-type', 'inputSchema', 'is a function, expected a zod schema');
    const doc = input ? jsonSchemaDocument(ctx, input.expr) : undefined;
    const zin = input && !doc ? zodInput(ctx, input.expr, true) : undefined;
    const ann = config.get('annotations');
    if (ann?.kind === 'function') throw new Leave(ann.node, 'bad-type', 'annotations', 'is a function');
    const model = ctx.models.modelFor(form, call.getSourceFile());
    return build(call, form, ctx, {
      name,
      nameNode: call.arguments[0]!,
      title: optionalString(ctx, config, 'title', call),
      description: optionalString(ctx, config, 'description', call),
      inputSchema: converted(input?.expr ?? call, () => (doc ? mcpV2JsonSchemaInput(doc, model) : mcpSdkInputSchema(zin, model))),
      ...outputOf(ctx, config, form, model),
      ...(ann ? { annotations: annotationsOf(ctx, ann.expr) } : {}),
    });
  });
}

/**
 * The JSON Schema document of `fromJsonSchema(doc)` imported from the MCP SDK v2 server package
 * (`@modelcontextprotocol/server`), when `e` is such a call with a constant object; `undefined`
 * when `e` is anything else (then read as zod).
 */
function jsonSchemaDocument(
  ctx: LibraryContext,
  e: ts.Expression,
  field = 'inputSchema',
  from: { imported: string; module: (m: string) => boolean } = JSON_SCHEMA_OF_MCP,
): JsonSchemaObject | undefined {
  const c = unwrap(e);
  if (!ts.isCallExpression(c) || !ts.isIdentifier(c.expression)) return undefined;
  const imp = packageImportOf(c.expression);
  if (!imp || imp.imported !== from.imported || !from.module(imp.module)) return undefined;
  const arg = c.arguments[0];
  if (!arg) throw new Leave(c, 'bad-type', field, `\`${from.imported}()\` has no JSON Schema argument`);
  const v = ctx.ev.value(arg);
  if (v instanceof NotStatic) throw new Leave(v.node, 'not-static', field, v.reason);
  if (!isPlainObject(v)) throw new Leave(arg, 'bad-type', field, `\`${from.imported}()\` takes a JSON Schema object`);
  return v;
}

/** `fromJsonSchema` of the MCP SDK v2 server package. */
const JSON_SCHEMA_OF_MCP = { imported: 'fromJsonSchema', module: (m: string) => m.startsWith('@modelcontextprotocol/server') };
/** The AI SDK's `jsonSchema` (from `ai`, or `@ai-sdk/provider-utils`), whose JSON Schema the SDK sends as it is written. */
const JSON_SCHEMA_OF_AI = { imported: 'jsonSchema', module: (m: string) => m === 'ai' || m === '@ai-sdk/provider-utils' };

/**
 * `server.tool(name, description?, paramsShape?, annotations?, handler)`, read as the SDK
 * reads its arguments: a string is the description; then, before the handler, an object of
 * zod schemas (or `{}`) is the params shape and a following object the annotations; any other
 * object there is the annotations.
 */
export function extractServerTool(call: ts.CallExpression, ctx: LibraryContext): Result {
  return run(call, 'mcp-tool', ctx, undefined, (named) => {
    const name = toolName(ctx, call.arguments[0], call, 'name');
    named(name);
    const rest = [...call.arguments.slice(1)];
    let description: string | undefined;
    if (rest.length > 0 && typeof ctx.ev.value(rest[0]!) === 'string') description = ctx.ev.value(rest.shift()!) as string;
    let shape: Record<string, z.ZodType> | undefined;
    let annotations: Record<string, unknown> | undefined;
    if (rest.length > 1) {
      const first = rest[0]!;
      const r = ctx.zod.schemaOrShape(first);
      if (!(r instanceof NotStatic) && !isZodSchema(r)) {
        shape = r;
        rest.shift();
        if (rest.length > 1) annotations = annotationsOf(ctx, rest.shift()!);
      } else if (!(r instanceof NotStatic))
        throw new Leave(
          first,
          'bad-type',
          'paramsSchema',
          'is a zod schema; server.tool() takes an object of zod schemas (a raw shape) and throws on a schema (use registerTool)',
        );
      else {
        const v = ctx.ev.value(first);
        if (v instanceof NotStatic || typeof v !== 'object' || v === null) throw new Leave(r.node, 'not-static', 'paramsSchema', r.reason);
        annotations = annotationsOf(ctx, rest.shift()!);
      }
    }
    return build(call, 'mcp-tool', ctx, {
      name,
      nameNode: call.arguments[0]!,
      description,
      inputSchema: converted(call, () => mcpSdkInputSchema(shape, ctx.models.modelFor('mcp-tool', call.getSourceFile()))),
      ...(annotations ? { annotations } : {}),
    });
  });
}

/**
 * An AI SDK `tool({ description, title?, inputSchema })` (or `dynamicTool`) value named
 * `name` (its key in an object of tools), converted as the AI SDK sends it; or a Mastra
 * `createTool({ id, description, inputSchema?, mcp?: { annotations } })` named `name` (its key
 * in an object of tools) or, when `name` is undefined, by its `id`, converted and annotated as
 * Mastra's MCPServer lists it (see `mastraInputSchema`; it lists no title).
 */
export function extractAiTool(
  call: ts.CallExpression,
  form: 'ai-tool' | 'mastra-createTool',
  name: string | undefined,
  ctx: LibraryContext,
  variableName?: string,
  key?: ts.Node,
): Result {
  return run(call, form, ctx, name, (named) => {
    const def = objectShape(ctx, call.arguments[0], call, 'a definition object');
    let toolNameValue = name;
    let nameNode: ts.Node = key && (ts.isPropertyAssignment(key) || ts.isShorthandPropertyAssignment(key)) ? key.name : (key ?? call);
    if (toolNameValue === undefined) {
      const id = def.get('id');
      if (id?.kind === 'function') throw new Leave(id.node, 'bad-type', 'id', 'is a function, expected a string');
      toolNameValue = toolName(ctx, id?.expr, call, 'id');
      nameNode = id!.expr;
      named(toolNameValue);
    }
    const input = def.get('inputSchema');
    // Mastra allows a tool without input: it sends `z.object({})`, converted as any other input
    if (!input && form === 'ai-tool') throw new Leave(call, 'missing-field', 'inputSchema', 'is missing');
    if (input?.kind === 'function') throw new Leave(input.node, 'bad-type', 'inputSchema', 'is a function, expected a zod schema');
    // `inputSchema: jsonSchema({...})` from `ai`: the JSON Schema itself, sent as written
    const doc = input && form === 'ai-tool' ? jsonSchemaDocument(ctx, input.expr, 'inputSchema', JSON_SCHEMA_OF_AI) : undefined;
    const schema = input && !doc ? (zodInput(ctx, input.expr, false) as z.ZodType) : undefined;
    const model = ctx.models.modelFor(form, call.getSourceFile());
    const mastra = form === 'mastra-createTool';
    const annotations = mastra ? mastraAnnotations(ctx, def) : undefined;
    const approvalRule = mastra ? undefined : aiSdkApprovalRule(ctx, def, call);
    const tool = build(call, form, ctx, {
      name: toolNameValue,
      nameNode,
      ...(mastra ? {} : { title: optionalString(ctx, def, 'title', call) }),
      description: optionalString(ctx, def, 'description', call),
      inputSchema:
        doc ??
        converted(input?.expr ?? call, () => (mastra ? mastraInputSchema(schema, model) : aiSdkInputSchema(schema ?? z.object({}), model))),
      ...outputOf(ctx, def, form, model),
      ...(annotations ? { annotations } : {}),
      ...(variableName !== undefined ? { variableName } : {}),
    });
    return approvalRule ? { ...tool, approvalRule } : tool;
  });
}

/**
 * An AI SDK tool's `needsApproval` as written (see `ExtractedTool.approvalRule`): a boolean
 * literal as it is, a function or a value not known statically as `'per-call'`; none at all is
 * `false` (`implicit`), since the AI SDK runs a tool without it unasked, whatever its hints say.
 */
function aiSdkApprovalRule(ctx: LibraryContext, def: Shape, call: ts.CallExpression): NonNullable<ExtractedTool['approvalRule']> {
  const entry = def.get('needsApproval');
  if (!entry) return { value: false, implicit: true, ...position(call, ctx.display(call.getSourceFile())) };
  const node = entry.kind === 'function' ? entry.node : entry.expr;
  const at = position(node, ctx.display(node.getSourceFile()));
  const decides = () => decidingText(node, node.getSourceFile());
  if (entry.kind === 'function') return { value: 'per-call', decides: decides(), ...at };
  const v = ctx.ev.value(entry.expr);
  return typeof v === 'boolean' ? { value: v, ...at } : { value: 'per-call', decides: decides(), ...at };
}

/** A Mastra tool's MCP annotations, `createTool({ mcp: { annotations } })`, which its MCPServer lists. */
function mastraAnnotations(ctx: LibraryContext, def: Shape): Record<string, unknown> | undefined {
  const mcp = def.get('mcp');
  if (mcp?.kind === 'function') throw new Leave(mcp.node, 'bad-type', 'mcp', 'is a function, expected an object');
  const ann = mcp && objectShape(ctx, mcp.expr, mcp.expr, 'an object').get('annotations');
  if (ann?.kind === 'function') throw new Leave(ann.node, 'bad-type', 'annotations', 'is a function');
  return ann ? annotationsOf(ctx, ann.expr) : undefined;
}
