/** The diff rules for the project's configuration: a validate check made less severe. */

import { defineDiffRule } from '../define-rule.js';
import { getNode } from './example.js';

/**
 * Rules about the severities `agent-tools.config.json` (or package.json's `agentTools`) gives the
 * validate checks, in the root or a subfolder: a pull request that sets a failing check to `warn`
 * passes the validate step of its own CI unseen.
 */

const MESSAGE = '{{where}} at {{key}}: "{{what}}" was {{before}}, now {{after}}: {{detail}}';
const WHERE =
  'Read from source on both sides (a git ref or a folder as the base) in every configuration of the project, as `validate` started in its folder reads it: a `checks` entry, `profile: "tools"` (which turns the architecture checks off), or an entry or a whole configuration taken away, back to the default. A configuration of the head that is not JSON where the base had one stops the diff (exit 2), naming it.';

export const checkRelaxed = defineDiffRule({
  id: 'check-relaxed',
  class: 'breaking',
  title: 'A validate check that fails by default (`error`) was made less severe in a configuration of the project: `warn` or `off`.',
  summary: `validate no longer fails on what the check finds, so the pull request that relaxes it also passes its own CI with the problem the check would have stopped (a tool left out of the registry, an adapter called outside its layer). A person must agree to it; \`--allow-breaking\` accepts it. ${WHERE}`,
  message: MESSAGE,
  example: {
    before: [getNode()],
    after: [getNode()],
    config: { before: { checks: { registered: 'error' } }, after: { checks: { registered: 'warn' } } },
  },
});

export const warnCheckRelaxed = defineDiffRule({
  id: 'warn-check-relaxed',
  class: 'minor',
  title:
    'A validate check that warns by default was made less severe in a configuration of the project: `off`, or `warn` where it was raised to `error`.',
  summary: `validate no longer reports, or no longer fails on, what the check finds; such a check is advice by default, so this is listed for review and fails nothing. ${WHERE}`,
  message: MESSAGE,
  example: {
    before: [getNode()],
    after: [getNode()],
    config: { before: {}, after: { checks: { jsdoc: 'off' } } },
  },
});
