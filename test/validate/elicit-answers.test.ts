/** Tests that a project's own MCP client answering agent-tools' approval question yes (or with content built in code) is a grant. */

import { afterAll, describe, expect, it } from 'vitest';
import { grantProjects } from './grant-project.js';

describe('answers to the MCP approval question written into the project', () => {
  /** The grants of a project holding `files`, as `file:line:column rule elicit`. */
  const { grants, dispose } = grantProjects((g) => `${g.file}:${g.line}:${g.column} ${g.rule}${g.elicit ? ' elicit' : ''}`);
  afterAll(dispose);

  it('a hand-written client, the AI SDK MCP client, a curl script and a Python client: a grant of every tool, at the answer', () => {
    expect(
      grants({
        'scripts/raw.mjs': "if (m.method) send({ id: m.id, result: { action: 'accept', content: { approve: true } } });\n",
        'scripts/fill.mjs': "const fill = (s) => ({ approve: true });\nsend({ result: { action: 'accept', content: fill(m.params) } });\n",
        'agent/mcp.ts':
          "const c = await createMCPClient({ onElicitationRequest: async () => ({ action: 'accept', content: { approve: !0 } }) });\n",
        'ops/call.sh': `#!/bin/sh\ncurl -s localhost:3000/mcp -d '{"result":{"action":"accept",\n "content":{"approve":true}}}'\n`,
        'ops/client.py': 'reply = {"action": "accept", "content": {"approve": True}}\n',
      }),
    ).toEqual([
      'agent/mcp.ts:1:101 * elicit',
      'ops/call.sh:3:1 * elicit',
      'ops/client.py:1:1 * elicit',
      'scripts/fill.mjs:2:45 * elicit',
      'scripts/raw.mjs:1:71 * elicit',
    ]);
  });

  it('a decline, an unchecked box or a string that only shows the answer is none', () => {
    expect(
      grants({
        'scripts/no.mjs':
          "send({ action: 'accept', content: { approve: false } });\nsend({ action: 'decline' });\nsend({ action: 'accept' });\n",
        'scripts/help.mjs': 'console.log("answer { action: \'accept\', content: { approve: true } } to approve");\n',
        'ops/none.sh': `#!/bin/sh\ncurl -s localhost:3000/mcp -d '{"result":{"action":"decline"}}'\n`,
      }),
    ).toEqual([]);
  });
});
