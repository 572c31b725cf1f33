/** The diff rules for whole tools: removed, renamed, added, description or title changed. */

import { defineDiffRule } from '../define-rule.js';
import { getNode } from './example.js';

/** Rules about whole tools: removed, renamed, added, and their text. */

export const toolRemoved = defineDiffRule({
  id: 'tool-removed',
  class: 'breaking',
  title: 'A tool was removed.',
  summary:
    'Clients that cached `tools/list`, prompts that name the tool and agents that call it now get an unknown-tool error. Deprecate the tool first (say so in its description) and remove it in a major version.',
  message: 'tool `{{tool}}` removed',
  example: { before: [getNode()], after: [] },
});

export const toolRenamed = defineDiffRule({
  id: 'tool-renamed',
  class: 'breaking',
  title: 'A tool was renamed.',
  summary:
    'Calls by the old name fail as if the tool were removed. A removed and an added tool are read as a rename when they have the same description, or the same input schema with at least one param, and no other removed or added tool matches either of them; otherwise they are `tool-removed` and `tool-added`. Any other change between the two is listed too.',
  message: 'tool `{{before}}` renamed to `{{tool}}`',
  example: { before: [getNode()], after: [getNode({ name: 'read_node' })] },
});

export const toolAdded = defineDiffRule({
  id: 'tool-added',
  class: 'minor',
  title: 'A tool was added.',
  summary: 'Existing calls are unaffected; clients that list tools see one more.',
  message: 'tool `{{tool}}` added',
  example: { before: [], after: [getNode()] },
});

export const toolDescriptionChanged = defineDiffRule({
  id: 'tool-description-changed',
  class: 'patch',
  title: "A tool's description text changed.",
  summary: 'Calls are unchanged, but the model reads the new text when it chooses tools: review it as you would a change to a prompt.',
  message: 'description of `{{tool}}` changed',
  example: { before: [getNode()], after: [getNode({ description: 'Return one node of the canvas, with its children, by its id' })] },
});

export const toolTitleChanged = defineDiffRule({
  id: 'tool-title-changed',
  class: 'patch',
  title: "A tool's title changed (`title`, or `annotations.title`).",
  summary: 'The title is what a client shows a person; calls are unchanged.',
  message: 'title of `{{tool}}` changed from {{before}} to {{after}}',
  example: { before: [getNode({ title: 'Get node' })], after: [getNode({ title: 'Read node' })] },
});

export const entryChanged = defineDiffRule({
  id: 'entry-changed',
  class: 'patch',
  title: "Another field of a tool's entry changed (`_meta`, `icons`, `execution`, an annotation other than the four hints).",
  summary:
    'No rule reads these fields, so the change is listed for a person to judge; calls through the input schema are unchanged. A change of `execution.taskSupport` to `required` does break clients that cannot run tasks: read it as breaking.',
  message: '`{{key}}` of `{{tool}}` changed from {{before}} to {{after}}',
  example: {
    before: [getNode({ _meta: { 'example.com/revision': 1 } })],
    after: [getNode({ _meta: { 'example.com/revision': 2 } })],
  },
});
