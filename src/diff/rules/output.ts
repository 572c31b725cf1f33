/** The diff rules for output schemas: fields removed, retyped, made optional, added or narrowed. */

import { defineDiffRule } from '../define-rule.js';
import { withOutput } from './example.js';

/**
 * Rules about a tool's output schema (MCP `outputSchema`, the shape of `structuredContent`).
 * The direction is the reverse of params: the client reads outputs, so removing or loosening
 * what it may receive breaks it, while narrowing is safe.
 */

const ID = { type: 'string', description: 'Node id' };
const NAME = { type: 'string', description: 'Layer name' };
const kind = (values: string[]) => ({ type: 'string', description: 'Node type', enum: values });

export const outputFieldRemoved = defineDiffRule({
  id: 'output-field-removed',
  class: 'breaking',
  title: 'An output field was removed (or the whole output schema).',
  summary: 'Clients and agents that read the field from `structuredContent` get nothing there.',
  message: 'output field `{{field}}` removed',
  example: { before: [withOutput({ id: ID, name: NAME }, ['id', 'name'])], after: [withOutput({ id: ID }, ['id'])] },
});

export const outputFieldTypeChanged = defineDiffRule({
  id: 'output-field-type-changed',
  class: 'breaking',
  title: "An output field's type changed or widened.",
  summary: 'Readers that expect the old type fail on the new one (`integer` to `number` too: a reader of whole numbers gets 2.5).',
  message: '{{where}}: {{detail}}',
  example: {
    before: [withOutput({ id: ID, width: { type: 'integer' } }, ['id'])],
    after: [withOutput({ id: ID, width: { type: 'string' } }, ['id'])],
  },
});

export const outputFieldOptional = defineDiffRule({
  id: 'output-field-optional',
  class: 'breaking',
  title: 'An output field that was always present may now be missing.',
  summary: 'Readers that rely on the field being there fail when it is not.',
  message: 'output field `{{field}}` may now be missing (no longer required)',
  example: { before: [withOutput({ id: ID, name: NAME }, ['id', 'name'])], after: [withOutput({ id: ID, name: NAME }, ['id'])] },
});

export const outputFieldChanged = defineDiffRule({
  id: 'output-field-changed',
  class: 'breaking',
  title: 'An output field may hold values it could not before: an enum value added, a bound or constraint loosened or changed.',
  summary: 'A reader that handles each known value (an exhaustive switch over an enum, say) meets one it does not know.',
  message: '{{where}}: {{detail}}',
  example: {
    before: [withOutput({ id: ID, type: kind(['frame', 'text']) }, ['id', 'type'])],
    after: [withOutput({ id: ID, type: kind(['frame', 'text', 'image']) }, ['id', 'type'])],
  },
});

export const outputFieldAdded = defineDiffRule({
  id: 'output-field-added',
  class: 'minor',
  title: 'An output field was added (or an output schema where there was none).',
  summary: 'Readers of the old fields are unaffected.',
  message: 'output field `{{field}}` added',
  example: { before: [withOutput({ id: ID }, ['id'])], after: [withOutput({ id: ID, name: NAME }, ['id', 'name'])] },
});

export const outputFieldNarrowed = defineDiffRule({
  id: 'output-field-narrowed',
  class: 'patch',
  title: 'An output field holds fewer values: an enum value removed, a bound or constraint added, a narrower type, now always present.',
  summary: 'Every value a reader may now receive was possible before.',
  message: '{{where}} narrowed: {{detail}}',
  example: {
    before: [withOutput({ id: ID, type: kind(['frame', 'text', 'image']) }, ['id', 'type'])],
    after: [withOutput({ id: ID, type: kind(['frame', 'text']) }, ['id', 'type'])],
  },
});

export const outputDescriptionChanged = defineDiffRule({
  id: 'output-description-changed',
  class: 'patch',
  title: "An output field's description, title, examples or default changed.",
  summary: 'Values are unchanged; the model reads the new text.',
  message: '{{detail}} of {{where}} changed',
  example: {
    before: [withOutput({ id: ID, name: NAME }, ['id', 'name'])],
    after: [withOutput({ id: ID, name: { type: 'string', description: 'Layer name as shown in the layers panel' } }, ['id', 'name'])],
  },
});
