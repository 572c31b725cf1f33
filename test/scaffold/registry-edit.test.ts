/** Tests of `addToTier`: imports and array elements added, comments kept, idempotent, and files it cannot edit. */

import { describe, expect, it } from 'vitest';
import { addToTier, RegistryEditError } from '../../src/scaffold/registry-edit.js';
import { renderSkeleton } from '../../src/scaffold/render.js';

const a = { ident: 'aTool', importPath: './read/a.js' };
const b = { ident: 'bTool', importPath: './modify/b.js' };

describe('addToTier', () => {
  it('adds an import and an array element to the empty skeleton', () => {
    expect(addToTier(renderSkeleton('core'), 'registry-core.ts', 'CORE_TOOLS', [a])).toBe(
      [
        "import type { AnyToolDef } from './schema.js';",
        "import { aTool } from './read/a.js';",
        '',
        '/** The core tier: the tools the model sees by default. Keep it small (about 30 tools). */',
        'export const CORE_TOOLS: AnyToolDef[] = [',
        '  aTool,',
        '];',
        '',
      ].join('\n'),
    );
  });

  it('gives the same text as rendering the tier template with the tool', () => {
    expect(addToTier(renderSkeleton('extended', [a]), 'x.ts', 'EXTENDED_TOOLS', [b])).toBe(renderSkeleton('extended', [a, b]));
  });

  it('keeps comments, other statements and existing entries, and is idempotent', () => {
    const hand = [
      '// hand-written header',
      "import type { AnyToolDef } from './schema.js';",
      "import { aTool } from './read/a.js';",
      "import { helper } from './helper.js'; // keep",
      '',
      'export const EXTENDED_TOOLS: AnyToolDef[] = [',
      '  aTool, // first',
      '  helper(),',
      '];',
      '',
      'export const note = `EXTENDED_TOOLS = [] is not the array`;',
      '',
    ].join('\n');
    const once = addToTier(hand, 'registry-extended.ts', 'EXTENDED_TOOLS', [a, b]);
    expect(once).toBe(
      [
        '// hand-written header',
        "import type { AnyToolDef } from './schema.js';",
        "import { aTool } from './read/a.js';",
        "import { helper } from './helper.js'; // keep",
        "import { bTool } from './modify/b.js';",
        '',
        'export const EXTENDED_TOOLS: AnyToolDef[] = [',
        '  aTool, // first',
        '  helper(),',
        '  bTool,',
        '];',
        '',
        'export const note = `EXTENDED_TOOLS = [] is not the array`;',
        '',
      ].join('\n'),
    );
    expect(addToTier(once, 'registry-extended.ts', 'EXTENDED_TOOLS', [a, b])).toBe(once);
  });

  it('adds to an existing import of the same module', () => {
    const src = "import { other } from './read/a.js';\nexport const CORE_TOOLS = [other];\n";
    expect(addToTier(src, 'f.ts', 'CORE_TOOLS', [a])).toBe(
      "import { other, aTool } from './read/a.js';\nexport const CORE_TOOLS = [other, aTool];\n",
    );
  });

  it('reaches the array through `as const` or `satisfies`', () => {
    const src = 'export const CORE_TOOLS = [] as const;\n';
    expect(addToTier(src, 'f.ts', 'CORE_TOOLS', [a])).toContain('[\n  aTool,\n] as const');
  });

  it('refuses a file without the array, naming the file and the const', () => {
    expect(() => addToTier('export const CORE_TOOLS = load();\n', 'tools/registry-core.ts', 'CORE_TOOLS', [a])).toThrow(RegistryEditError);
    expect(() => addToTier('export const OTHER = [];\n', 'tools/registry-core.ts', 'CORE_TOOLS', [a])).toThrow(
      'tools/registry-core.ts: expected `export const CORE_TOOLS = [...]`',
    );
  });

  it('refuses a const imported from another module (two tools that would share a name)', () => {
    const src = "import { aTool } from './modify/a.js';\nexport const CORE_TOOLS = [aTool];\n";
    expect(() => addToTier(src, 'registry-core.ts', 'CORE_TOOLS', [a])).toThrow(
      "registry-core.ts: already imports aTool from './modify/a.js', not './read/a.js'; rename the tool or remove the old import",
    );
  });
});
