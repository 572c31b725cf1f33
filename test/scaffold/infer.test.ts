/** Tests of `inferParam`: the short-form inference table, one row per rule, and the tie-breaks between rules. */

import { describe, expect, it } from 'vitest';
import { describeInference, inferParam } from '../../src/scaffold/infer.js';

type Row = [name: string, text: string, expected: Record<string, unknown>, reason: string];

/** The reason's tail and the description when the text is only a type hint (a range, a choice list, true/false). */
const onlyHint = (fact: string) => `; the text is only ${fact}, so the description is a TODO for you to write`;

// The short-form inference table, one row per rule, plus the tie-breaks between rules.
const table: Row[] = [
  ['weight', 'Font weight, 100-900', { type: 'number', min: 100, max: 900, integer: true }, 'range "100-900" in the text'],
  ['size', 'Font size in px, 6 to 144', { type: 'number', min: 6, max: 144, integer: true }, 'range "6 to 144" in the text'],
  ['offset', 'Shift, -10..10', { type: 'number', min: -10, max: 10, integer: true }, 'range "-10..10" in the text'],
  ['opacity', 'Opacity 0.5–1', { type: 'number', min: 0.5, max: 1 }, 'range "0.5–1" in the text'],
  ['alpha', 'Alpha, 0 to 1', { type: 'number', min: 0, max: 1 }, 'range "0 to 1" in the text'],
  ['scale', 'Scale, 0.5 to 4', { type: 'number', min: 0.5, max: 4 }, 'range "0.5 to 4" in the text'],
  ['count', 'Items to fetch', { type: 'number' }, '"count" in the name'],
  ['fontSize', 'Font size', { type: 'number' }, '"size" in the name'],
  ['stroke_width', 'Outline', { type: 'number' }, '"width" in the name'],
  ['index', 'Where to insert', { type: 'number' }, '"index" in the name'],
  ['is_visible', 'Shown or not', { type: 'boolean' }, 'name starts with "is"'],
  ['hasShadow', 'Draw a shadow', { type: 'boolean' }, 'name starts with "has"'],
  ['enable_snap', 'Snap to grid', { type: 'boolean' }, 'name starts with "enable"'],
  ['dirty_flag', 'Mark dirty', { type: 'boolean' }, '"flag" in the name'],
  ['italic', 'Italic text, true/false', { type: 'boolean' }, '"true/false" in the text'],
  ['bold', 'Bold text (true|false)', { type: 'boolean' }, '"true/false" in the text'],
  ['color', 'Text color', { type: 'color' }, '"color" in the name'],
  ['bg_colour', 'Background', { type: 'color' }, '"colour" in the name'],
  ['fill', 'Fill', { type: 'color' }, '"fill" in the name'],
  ['stroke', 'Outline', { type: 'color' }, '"stroke" in the name'],
  ['accent', 'Accent, e.g. #ff8800', { type: 'color' }, 'hex color "#ff8800" in the text'],
  ['tags', 'Tags to add', { type: 'string[]' }, 'plural name ("tags")'],
  ['nodeIds', 'Nodes to move', { type: 'string[]' }, '"ids" in the name'],
  ['targets', 'list of node names', { type: 'string[]' }, '"list of" in the text'],
  ['names', 'comma-separated names', { type: 'string[]' }, '"comma-separated" in the text'],
  ['selection', 'the ids to select', { type: 'string[]' }, '"ids" in the text'],
  ['align', 'Text alignment: left|center|right', { type: 'string', enum: ['left', 'center', 'right'] }, '"left|center|right" in the text'],
  [
    'mode',
    'Blend mode, one of normal, multiply or screen',
    { type: 'string', enum: ['normal', 'multiply', 'screen'] },
    '"one of normal, multiply or screen" in the text',
  ],
  ['weight', 'Font weight, 100|400|700', { type: 'number', enum: [100, 400, 700] }, '"100|400|700" in the text'],
  ['font', 'Font family', { type: 'string' }, 'no rule matched'],
  ['status', 'Current status', { type: 'string' }, 'no rule matched'],
  ['title', 'Page title', { type: 'string' }, 'no rule matched'],
  // a range after "like", "such as" or "e.g." is an example value written that way, not bounds
  ['pages', 'Page range like 1-3', { type: 'string' }, 'example "1-3" after "like" in the text'],
  ['zoom', 'Zoom level such as 50-200%', { type: 'string' }, 'example "50-200" after "such as" in the text'],
  ['pages', 'Pages to print (e.g. 2-5)', { type: 'string' }, 'example "2-5" after "e.g." in the text'],
  ['zoom', 'Zoom level between 50 and 200', { type: 'number', min: 50, max: 200, integer: true }, 'range "between 50 and 200" in the text'],
  ['page', 'Page, from 1 to 3', { type: 'number', min: 1, max: 3, integer: true }, 'range "1 to 3" in the text'],
  ['page', 'Page, 1-3 (inclusive)', { type: 'number', min: 1, max: 3, integer: true }, 'range "1-3" in the text'],
  // a count in the text is a whole number, and beats a plural name
  ['copies', 'Number of copies, e.g. 2', { type: 'number', integer: true }, '"Number of" in the text'],
  ['count', 'How many', { type: 'number', integer: true }, '"How many" in the text'],
  ['retries', 'How many times to retry', { type: 'number', integer: true }, '"How many" in the text'],
  ['items', 'Count of items to fetch', { type: 'number', integer: true }, '"Count of" in the text'],
];

describe('inferParam: the short-form table', () => {
  it.each(table)('%s: %s', (name, text, expected, reason) => {
    const inf = inferParam(name, text);
    expect(inf.name).toBe(name);
    expect(inf.def).toStrictEqual({ ...expected, description: text });
    expect(inf.reason).toBe(reason);
  });
});

// A short form that is only a type hint sets the type; the description is left to a person (validate's param-description warns)
const hintOnly: Row[] = [
  ['weight', '100-900', { type: 'number', min: 100, max: 900, integer: true }, 'range "100-900" in the text' + onlyHint('a range')],
  ['size', '1 to 10.', { type: 'number', min: 1, max: 10, integer: true }, 'range "1 to 10" in the text' + onlyHint('a range')],
  ['opacity', '0-1', { type: 'number', min: 0, max: 1 }, 'range "0-1" in the text' + onlyHint('a range')],
  [
    'align',
    'left|center|right',
    { type: 'string', enum: ['left', 'center', 'right'] },
    '"left|center|right" in the text' + onlyHint('a choice list'),
  ],
  ['mode', 'one of a, b or c', { type: 'string', enum: ['a', 'b', 'c'] }, '"one of a, b or c" in the text' + onlyHint('a choice list')],
  ['weight', '100|400|700', { type: 'number', enum: [100, 400, 700] }, '"100|400|700" in the text' + onlyHint('a choice list')],
  ['italic', 'true/false', { type: 'boolean' }, '"true/false" in the text' + onlyHint('true/false')],
];

describe('inferParam: a short form that is only a range, a choice list or true/false', () => {
  it.each(hintOnly)('%s: %s', (name, text, expected, reason) => {
    const inf = inferParam(name, text);
    expect(inf.def).toStrictEqual({ ...expected, description: `TODO: describe ${name} for the model` });
    expect(inf.reason).toBe(reason);
  });
});

describe('inferParam: required and description', () => {
  it('reads a trailing ! as required and drops it from the name', () => {
    expect(inferParam('id!', 'Node id')).toStrictEqual({
      name: 'id',
      def: { type: 'string', description: 'Node id', required: true },
      reason: 'no rule matched',
    });
  });

  it('reads "(required)" in the text as required and keeps the text as the description', () => {
    const inf = inferParam('weight', 'Font weight, 100-900 (required)');
    expect(inf.def).toStrictEqual({
      type: 'number',
      min: 100,
      max: 900,
      integer: true,
      description: 'Font weight, 100-900 (required)',
      required: true,
    });
    expect(inferParam('weight', '100-900 (required)').def).toStrictEqual({
      type: 'number',
      min: 100,
      max: 900,
      integer: true,
      description: 'TODO: describe weight for the model',
      required: true,
    });
  });

  it('orders a reversed range', () => {
    expect(inferParam('z', '10-1').def).toMatchObject({ type: 'number', min: 1, max: 10 });
  });

  it('does not read a date or a version as a range', () => {
    expect(inferParam('since', 'ISO date like 2024-01-02').def.type).toBe('string');
    expect(inferParam('version', 'like 1.2-3.4.5').def.type).toBe('string');
  });
});

describe('describeInference', () => {
  it('prints type, bounds, enum, required and the reason on one line', () => {
    expect(describeInference(inferParam('weight!', 'Font weight, 100-900'))).toBe(
      'weight: number (min 100, max 900, integer), required — range "100-900" in the text',
    );
    expect(describeInference(inferParam('align', 'Side: left|right'))).toBe(
      'align: string (enum "left" | "right") — "left|right" in the text',
    );
  });
});
