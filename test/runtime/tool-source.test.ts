/** Tests what the adapters accept as tools: an array, a registry, a source; anything else is a TypeError that names it. */

import { describe, expect, it } from 'vitest';
import { createRegistry, defineTool } from '../../src/index.js';
import { currentTools } from '../../src/runtime/tool-source.js';

const ping = defineTool({ name: 'ping', description: 'Answer pong.', mutates: false, params: {}, execute: () => 'pong' });

describe('currentTools', () => {
  it('reads an array, a registry (by tier) and a source', () => {
    const registry = createRegistry({ core: [ping], extended: [] });
    expect(currentTools([ping]).map((t) => t.name)).toEqual(['ping']);
    expect(currentTools(registry, 'core').map((t) => t.name)).toEqual(['ping']);
    expect(currentTools({ tools: () => [ping], onChange: () => () => {} }).map((t) => t.name)).toEqual(['ping']);
  });

  it('refuses a plain object shaped like a registry, naming its keys', () => {
    const fake = { core: [ping], extended: [], all: [ping], approval: { allow: ['ping'] } };
    expect(() => currentTools(fake as never, 'core')).toThrow(
      new TypeError(
        'Expected the tools as an array of defined tools, a registry made by createRegistry, or a ToolSource (tools() and onChange()); ' +
          'got an object with keys core, extended, all, approval.',
      ),
    );
  });
});
