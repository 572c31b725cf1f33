/** The diff rules for params: removed, renamed, made required, added required or optional. */

import { defineDiffRule } from '../define-rule.js';
import { setFont } from './example.js';

/** Rules about the params of a tool's input schema: which exist, and which are required. */

const FAMILY = { type: 'string', description: 'Font family' };
const WEIGHT = { type: 'number', description: 'CSS weight', minimum: 100, maximum: 900 };

export const paramRemoved = defineDiffRule({
  id: 'param-removed',
  class: 'breaking',
  title: 'A param was removed.',
  summary:
    'Calls that send it are refused (an input schema with `additionalProperties: false`) or lose it silently, and prompts that name it are wrong.',
  message: 'param `{{param}}` removed',
  example: { before: [setFont({ family: FAMILY, weight: WEIGHT })], after: [setFont({ family: FAMILY })] },
});

export const paramRenamed = defineDiffRule({
  id: 'param-renamed',
  class: 'breaking',
  title: 'A param was renamed.',
  summary:
    'Calls that send the old name fail as if it were removed. A removed and an added param of the same tool are read as a rename when their schemas are equal, or their descriptions and types are, and no other removed or added param matches either; otherwise they are `param-removed` and one of the `param-added` rules. Other changes between the two are listed too.',
  message: 'param `{{before}}` renamed to `{{param}}`',
  example: { before: [setFont({ family: FAMILY })], after: [setFont({ font: FAMILY })] },
});

export const paramRequired = defineDiffRule({
  id: 'param-required',
  class: 'breaking',
  title: 'An optional param became required, without a default.',
  summary: 'Calls that leave it out, which were valid, are now refused.',
  message: 'param `{{param}}` is now required',
  example: { before: [setFont({ family: FAMILY })], after: [setFont({ family: FAMILY }, { required: ['id', 'family'] })] },
});

export const requiredParamAdded = defineDiffRule({
  id: 'required-param-added',
  class: 'breaking',
  title: 'A required param without a default was added.',
  summary: 'Every existing call leaves it out, so every existing call is refused. Give it a default, or make it optional.',
  message: 'required param `{{param}}` added',
  example: {
    before: [setFont({ family: FAMILY })],
    after: [setFont({ family: FAMILY, size: { type: 'number', description: 'Font size in px' } }, { required: ['id', 'size'] })],
  },
});

export const paramRequiredDefaulted = defineDiffRule({
  id: 'param-required-defaulted',
  class: 'patch',
  title: 'A param with a default is now listed as required.',
  summary:
    'Some converters list a param that has a default as required (the AI SDK 5 does, converting zod in output mode). A call that leaves it out still gets the default, so nothing breaks; models will now always send it.',
  message: 'param `{{param}}` is now listed as required, with its default {{after}}',
  example: {
    before: [setFont({ weight: { type: 'number', default: 400 } })],
    after: [setFont({ weight: { type: 'number', default: 400 } }, { required: ['id', 'weight'] })],
  },
});

export const optionalParamAdded = defineDiffRule({
  id: 'optional-param-added',
  class: 'minor',
  title: 'An optional param, or one with a default, was added.',
  summary: 'Existing calls leave it out and still work; new calls can use it.',
  message: 'optional param `{{param}}` added',
  example: {
    before: [setFont({ family: FAMILY })],
    after: [setFont({ family: FAMILY, italic: { type: 'boolean', description: 'Italic style', default: false } })],
  },
});

export const paramOptional = defineDiffRule({
  id: 'param-optional',
  class: 'minor',
  title: 'A required param became optional.',
  summary: 'Calls that send it still work; calls may now leave it out.',
  message: 'param `{{param}}` is no longer required',
  example: { before: [setFont({ family: FAMILY }, { required: ['id', 'family'] })], after: [setFont({ family: FAMILY })] },
});

export const paramDescriptionChanged = defineDiffRule({
  id: 'param-description-changed',
  class: 'patch',
  title: "A param's description, title or examples changed.",
  summary: 'Calls are unchanged; the model reads the new text when it fills the param in.',
  message: '{{detail}} of {{where}} changed',
  example: {
    before: [setFont({ family: FAMILY })],
    after: [setFont({ family: { type: 'string', description: 'CSS font family, e.g. Inter' } })],
  },
});
