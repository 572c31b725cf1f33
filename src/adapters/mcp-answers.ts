/** Checks an untrusted MCP client's answers (elicitation content, 2026-07-28 `inputResponses`) against the request that asked. */

import type { ClientRequest, ElicitField, ElicitSchema } from '../core/client-input.js';
import { isPlainObject } from '../util/is-plain-object.js';

function fieldValid(field: ElicitField, value: unknown): boolean {
  const choices = (field.enum ?? (Array.isArray(field.oneOf) ? field.oneOf.map((o) => (o as { const?: unknown }).const) : undefined)) as
    unknown[] | undefined;
  switch (field.type) {
    case 'string':
      return typeof value === 'string' && (!choices || choices.includes(value));
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value) || (field.type === 'integer' && !Number.isInteger(value))) return false;
      const { minimum, maximum } = field as { minimum?: number; maximum?: number };
      return (minimum === undefined || value >= minimum) && (maximum === undefined || value <= maximum);
    }
    case 'array': {
      const items = field.items as { enum?: unknown[]; anyOf?: { const?: unknown }[] } | undefined;
      const allowed = items?.enum ?? items?.anyOf?.map((o) => o.const);
      return Array.isArray(value) && value.every((v) => typeof v === 'string' && (!allowed || allowed.includes(v)));
    }
    default:
      return true;
  }
}

/**
 * Whether accepted elicitation `content` fits the form that was asked for: every required
 * field present, every known field of its type (and in its `enum`, within `minimum` and
 * `maximum`). Fields the form does not name are ignored. MCP spec 2025-11-25,
 * client/elicitation: clients SHOULD validate against the schema; a server must not trust it.
 */
export function contentFitsForm(schema: ElicitSchema, content: unknown): boolean {
  if (!isPlainObject(content)) return false;
  for (const name of schema.required ?? []) if (content[name] === undefined) return false;
  return Object.entries(schema.properties).every(([name, field]) => content[name] === undefined || fieldValid(field, content[name]));
}

/**
 * Whether `value` is a well-formed answer to `request` from an untrusted client (the MCP
 * 2026-07-28 `inputResponses` are not validated by the SDK): an elicitation result with a
 * known `action` (and, on accept, content that fits the form); a sampling result with a
 * `model`, a `role` and `content`; a roots result with `roots` of `{ uri }`.
 */
export function validAnswer(request: ClientRequest, value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  switch (request.method) {
    case 'elicitation/create':
      if (value.action === 'decline' || value.action === 'cancel') return true;
      return value.action === 'accept' && contentFitsForm(request.params.requestedSchema, value.content ?? {});
    case 'sampling/createMessage':
      return (
        typeof value.model === 'string' &&
        (value.role === 'assistant' || value.role === 'user') &&
        (isPlainObject(value.content) || Array.isArray(value.content))
      );
    case 'roots/list':
      return Array.isArray(value.roots) && value.roots.every((r) => isPlainObject(r) && typeof r.uri === 'string');
  }
}
