/** Every adapter refuses an option name it does not take, with a did-you-mean, rather than ignoring it. */

import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { toolsToAI } from '../../src/adapters/ai.js';
import { toolsToCommands } from '../../src/adapters/cli.js';
import { createMcpServer } from '../../src/adapters/mcp.js';
import { assertKnownOptions } from '../../src/core/known-options.js';
import { defineTool } from '../../src/core/tool.js';
import { createRegistry } from '../../src/registry/registry.js';
import { createStepBudget } from '../../src/runtime/step-budget.js';

const ping = defineTool({ name: 'ping', description: 'Replies with pong.', mutates: false, params: {}, execute: () => 'pong' });
const registry = createRegistry({ core: [ping], extended: [] });
// options as plain JavaScript passes them: no type checks to catch a misspelled name
const js = (options: Record<string, unknown>) => options as never;

describe('unknown option names', () => {
  it('toolsToAI: a misspelled tier or step budget is a TypeError naming it and the option meant', () => {
    expect(() => toolsToAI(registry, js({ teir: 'core' }))).toThrow(
      new TypeError('toolsToAI: unknown option "teir" (did you mean "tier"?)'),
    );
    const budget = createStepBudget(5);
    expect(() => toolsToAI(registry, js({ getStepBuget: () => budget }))).toThrow(
      new TypeError('toolsToAI: unknown option "getStepBuget" (did you mean "getStepBudget"?)'),
    );
    expect(Object.keys(toolsToAI(registry, { tier: 'core', getStepBudget: () => budget, strict: true, media: false }))).toEqual(['ping']);
  });

  it('createMcpServer and the options of createServer, serveStdio and httpHandler', async () => {
    expect(() => createMcpServer(registry, js({ name: 's', version: '1.0.0', teir: 'all' }))).toThrow(
      new TypeError('createMcpServer: unknown option "teir" (did you mean "tier"?)'),
    );
    const server = createMcpServer(registry, { name: 's', version: '1.0.0', tier: 'core', onToolLog: () => undefined });
    expect(() => server.createServer(js({ folow: true }))).toThrow(
      new TypeError('createServer: unknown option "folow" (did you mean "follow"?)'),
    );
    await expect(server.serveStdio(js({ stdn: process.stdin }))).rejects.toThrow(
      new TypeError('serveStdio: unknown option "stdn" (did you mean "stdin"?)'),
    );
    expect(() => server.httpHandler(js({ host: () => ['127.0.0.1:1'] }))).toThrow(
      new TypeError('httpHandler: unknown option "host" (did you mean "hosts"?)'),
    );
    const handler = server.httpHandler({ hosts: () => ['127.0.0.1:1'] });
    await handler.close();
    await server.close();
  });

  it('toolsToCommands: a misspelled option is a TypeError; without a close name, the message lists the options', () => {
    expect(() => toolsToCommands([ping], js({ program: new Command('t'), pretyy: true }))).toThrow(
      new TypeError('toolsToCommands: unknown option "pretyy" (did you mean "pretty"?)'),
    );
    expect(() => toolsToCommands([ping], js({ program: new Command('t'), zzz: 1 }))).toThrow(
      /^toolsToCommands: unknown option "zzz"; the options are: approval, approve, errorPrefix, getApi, .*, tier$/,
    );
    expect(toolsToCommands([ping], { program: new Command('t'), pretty: false }).map((c) => c.name())).toEqual(['ping']);
  });

  it('assertKnownOptions: undefined and null-prototype options pass, a non-object or options that inherit are refused', () => {
    const known = { tier: true } as const;
    expect(() => assertKnownOptions('f', undefined, known)).not.toThrow();
    expect(() => assertKnownOptions('f', Object.create(null) as object, known)).not.toThrow();
    expect(() => assertKnownOptions('f', 'core', known)).toThrow(new TypeError('f: options must be an object, received string'));
    // inherited keys would be read unseen: `{ __proto__: { approval } }` is refused, not read
    expect(() => assertKnownOptions('f', Object.create({ tier: 'all' }) as object, known)).toThrow(
      new TypeError(
        'f: the options inherit from another object (`__proto__: {...}` or Object.create), whose keys (an approval policy, its lists, an ' +
          'approve callback) it would read unseen, as validate and diff do not read them; write a plain object literal',
      ),
    );
  });
});
