/** The diff rules for values: type changed or widened, enum values removed or added, bounds narrowed or widened. */

import { defineDiffRule } from '../define-rule.js';
import { setFont } from './example.js';

/** Rules about the values a param accepts: its type, enum, bounds, other constraints and default. */

const weight = (more: Record<string, unknown>) => ({ weight: { type: 'number', description: 'CSS weight', ...more } });
const style = (values: string[]) => ({ style: { type: 'string', description: 'Font style', enum: values } });
const color = (more: Record<string, unknown>) => ({ color: { type: 'string', description: 'Text color', ...more } });

export const typeChanged = defineDiffRule({
  id: 'type-changed',
  class: 'breaking',
  title: "A param's type changed or narrowed (`number` to `integer`, a type dropped from a union).",
  summary:
    'Calls that send a value of the old type are refused. The other changes of the same param are not listed: after a type change they say little.',
  message: '{{where}}: {{detail}}',
  example: { before: [setFont(weight({ minimum: 100 }))], after: [setFont(weight({ type: 'string' }))] },
});

export const typeWidened = defineDiffRule({
  id: 'type-widened',
  class: 'minor',
  title: 'A param accepts more types (`integer` to `number`, a type added to a union, such as `null`).',
  summary: 'Every value that was valid still is. `anyOf` of plain types and `anyOf` with `{ "type": "null" }` are read as a list of types.',
  message: '{{where}}: {{detail}}',
  example: { before: [setFont(weight({ type: 'integer' }))], after: [setFont(weight({}))] },
});

export const enumValueRemoved = defineDiffRule({
  id: 'enum-value-removed',
  class: 'breaking',
  title: 'A value was removed from an enum (or a `const` changed).',
  summary: 'Calls that send the removed value are refused, and prompts or cached schemas that offer it are wrong.',
  message: '{{where}}: {{detail}}',
  example: { before: [setFont(style(['normal', 'italic', 'oblique']))], after: [setFont(style(['normal', 'italic']))] },
});

export const enumValueAdded = defineDiffRule({
  id: 'enum-value-added',
  class: 'minor',
  title: 'A value was added to an enum.',
  summary: 'Every value that was valid still is.',
  message: '{{where}}: {{detail}}',
  example: { before: [setFont(style(['normal', 'italic']))], after: [setFont(style(['normal', 'italic', 'oblique']))] },
});

export const boundsNarrowed = defineDiffRule({
  id: 'bounds-narrowed',
  class: 'breaking',
  title: 'A bound is stricter: a minimum raised, a maximum lowered, or a new one (numbers, string lengths, item counts).',
  summary: 'Calls with a value between the old and the new bound are refused.',
  message: '{{where}}: {{detail}}',
  example: { before: [setFont(weight({ minimum: 100, maximum: 900 }))], after: [setFont(weight({ minimum: 200, maximum: 900 }))] },
});

export const boundsWidened = defineDiffRule({
  id: 'bounds-widened',
  class: 'minor',
  title: 'A bound is looser: a minimum lowered, a maximum raised, or one removed.',
  summary: 'Every value that was valid still is.',
  message: '{{where}}: {{detail}}',
  example: { before: [setFont(weight({ minimum: 100, maximum: 900 }))], after: [setFont(weight({ minimum: 100, maximum: 1000 }))] },
});

export const constraintAdded = defineDiffRule({
  id: 'constraint-added',
  class: 'breaking',
  title:
    'A constraint was added or changed: a `pattern`, `format`, `multipleOf`, `uniqueItems`, an enum where any value went, `additionalProperties: false`.',
  summary:
    'Values that were valid may now be refused. A changed pattern or format is read as a new one: no rule proves one regex looser than another.',
  message: '{{where}}: {{detail}}',
  example: { before: [setFont(color({}))], after: [setFont(color({ pattern: '^#[0-9a-fA-F]{6}$' }))] },
});

export const constraintRemoved = defineDiffRule({
  id: 'constraint-removed',
  class: 'minor',
  title: 'A constraint was removed: a `pattern`, `format`, `multipleOf`, `uniqueItems`, an enum, `additionalProperties: false`.',
  summary: 'Every value that was valid still is.',
  message: '{{where}}: {{detail}}',
  example: { before: [setFont(color({ pattern: '^#[0-9a-fA-F]{6}$' }))], after: [setFont(color({}))] },
});

export const defaultChanged = defineDiffRule({
  id: 'default-changed',
  class: 'breaking',
  title: "A param's default changed or was removed.",
  summary:
    'Calls that leave the param out keep working but now do something else: the kind of change a caller cannot see coming (protobuf tools such as `buf breaking` treat a changed default the same way).',
  message: '{{where}}: {{detail}}',
  example: { before: [setFont(weight({ default: 400 }))], after: [setFont(weight({ default: 500 }))] },
});

export const defaultAdded = defineDiffRule({
  id: 'default-added',
  class: 'minor',
  title: 'An optional param got a default.',
  summary: 'Calls that leave it out now get the default where the tool saw no value before; calls that send it are unchanged.',
  message: '{{where}}: {{detail}}',
  example: { before: [setFont({ italic: { type: 'boolean' } })], after: [setFont({ italic: { type: 'boolean', default: false } })] },
});

export const schemaChanged = defineDiffRule({
  id: 'schema-changed',
  class: 'breaking',
  title: 'Another part of an input schema changed (`anyOf`, `$ref`, `not`, a tuple of items, ...), which no rule reads.',
  summary:
    'The change may or may not refuse calls that worked; it is counted as breaking so that a person looks. Flat params, as `defineTool` writes them, never need this rule.',
  message: '{{where}}: `{{key}}` changed from {{before}} to {{after}}',
  example: {
    before: [setFont({ size: { anyOf: [{ type: 'number' }, { type: 'string', pattern: '^[0-9]+px$' }] } })],
    after: [setFont({ size: { anyOf: [{ type: 'number' }, { type: 'string', pattern: '^[0-9]+(px|pt)$' }] } })],
  },
});
