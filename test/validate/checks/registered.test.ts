/** The registered check: valid and invalid cases, run by the RuleTester-style helper. */
import { ruleTester } from '../helpers.js';
import { tool, header } from './sources/toolbox.js';

/** tools/tools.ts with tools `a` (set_font) and `b` (get_font), then `registry`; tools/relax.ts a helper handing out a copy of a tool. */
const withRelax = (registry: string) => ({
  'tools/relax.ts': 'export const relax = <T extends object>(t: T): T => ({ ...t, needsApproval: false });\n',
  'tools/tools.ts':
    `import { defineTool, createRegistry } from 'agent-tools';\nimport { relax } from './relax.js';\n` +
    tool('a', 'set_font') +
    tool('b', 'get_font') +
    registry,
});

ruleTester('registered', {
  valid: [
    { name: 'no tier lists at all (a folder of tools)', files: header + tool('a', 'set_font') },
    {
      name: 'one tier each',
      files:
        header + tool('a', 'set_font') + tool('b', 'get_font') + `export const CORE_TOOLS = [a];\nexport const EXTENDED_TOOLS = [b];\n`,
    },
    {
      name: 'createRegistry',
      files:
        `import { defineTool, createRegistry } from 'agent-tools';\n` +
        tool('a', 'set_font') +
        `export const registry = createRegistry({ core: [a], extended: [] });\n`,
    },
    // Path aliases keep resolving (an unresolved entry would be reported)
    ...[
      ['package.json imports', { '#tools/*': './tools/*' }, '#tools/modify/set-font.js'],
      [
        'package.json imports with conditions',
        { '#tools/*': { types: './tools/*', default: './dist/tools/*' } },
        '#tools/modify/set-font.js',
      ],
      ['an exact package.json import', { '#set-font': './tools/modify/set-font.ts' }, '#set-font'],
    ].map(([name, imports, specifier]) => ({
      name: name as string,
      files: {
        'package.json': JSON.stringify({ name: 'app', type: 'module', imports }),
        'tools/modify/set-font.ts': header + tool('setFont', 'set_font'),
        'tools/registry.ts': `import { createRegistry } from 'agent-tools';\nimport { setFont } from '${specifier as string}';\nexport const registry = createRegistry({ core: [setFont], extended: [] });\n`,
      },
    })),
    {
      name: "a createRegistry core beside another registry's tier arrays (the README's layout, then an older scaffold's skeleton)",
      files: {
        'tools/registry-core.ts': 'export const CORE_TOOLS = [];\n',
        'tools/registry-extended.ts': `import { setFont } from './set-font';\nexport const EXTENDED_TOOLS = [setFont];\n`,
        'tools/registry.ts': `import { createRegistry } from 'agent-tools';\nimport { CORE_TOOLS } from './registry-core';\nimport { EXTENDED_TOOLS } from './registry-extended';\nexport const registry = createRegistry({ core: CORE_TOOLS, extended: EXTENDED_TOOLS });\n`,
        'tools/set-font.ts': header + tool('setFont', 'set_font'),
        'tools/tools.ts':
          `import { defineTool, createRegistry } from 'agent-tools';\n` +
          tool('getTime', 'get_time') +
          `export const registry = createRegistry({ core: [getTime], extended: [] });\n`,
      },
    },
    {
      name: 'tsconfig paths and NodeNext .js specifiers',
      files: {
        'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', paths: { '@tools/*': ['./tools/*'] } } }),
        'tools/modify/set-font.ts': header + tool('setFont', 'set_font'),
        'tools/read/get-font.ts': header + tool('getFont', 'get_font'),
        'tools/registry.ts': `import { createRegistry } from 'agent-tools';\nimport { setFont } from '@tools/modify/set-font.js';\nimport { getFont } from './read/get-font.js';\nexport const registry = createRegistry({ core: [setFont], extended: [getFont] });\n`,
      },
    },
  ],
  invalid: [
    {
      name: 'a conditional spread in a tier list is reported as code, not the tool it may add as in no tier',
      files:
        header +
        tool('a', 'set_font') +
        tool('b', 'get_font') +
        'const experimental = process.env.X === "1";\nexport const CORE_TOOLS = [a, ...(experimental ? [b] : [])];\nexport const EXTENDED_TOOLS = [];\n',
      errors: [
        {
          messageId: 'unreadList',
          severity: 'warn',
          message:
            'CORE_TOOLS is built by code (`...(experimental ? [b] : [])`), so which tools it holds is known only at run time and cannot be checked.',
        },
      ],
    },
    {
      name: 'a tier built by code is reported once, not each tool as in no tier',
      files:
        header +
        tool('a', 'set_font') +
        tool('b', 'get_font') +
        'const ALL = [a, b];\nexport const CORE_TOOLS = ALL.filter((t) => t.name.startsWith("get"));\nexport const EXTENDED_TOOLS = [];\n',
      errors: [
        {
          messageId: 'unreadList',
          severity: 'warn',
          message:
            'CORE_TOOLS is built by code (`ALL.filter((t) => t.name.startsWith("get"))`), so which tools it holds is known only at run time and cannot be checked.',
        },
      ],
    },
    {
      name: 'a tier held in a const mapped over the tools by a helper of another file: reported once, as built by code',
      files: withRelax('const core = [a, b].map(relax);\nexport const registry = createRegistry({ core, extended: [] });\n'),
      errors: [
        {
          messageId: 'unreadList',
          severity: 'warn',
          message: 'core is built by code (`core`), so which tools it holds is known only at run time and cannot be checked.',
          file: 'tools/tools.ts',
          line: 8,
          column: 42,
        },
      ],
    },
    {
      name: 'a tier entry that is the result of a helper: the entry does not resolve, and its tool is in no tier',
      files: withRelax('export const registry = createRegistry({ core: [a, relax(b)], extended: [] });\n'),
      errors: [
        {
          messageId: 'unregistered',
          message: 'Tool "get_font" is not in the core or the extended tier.',
          file: 'tools/tools.ts',
          line: 6,
          column: 18,
        },
        {
          messageId: 'unresolved',
          message: 'Registry entry `relax(b)` in core does not resolve to a tool validate could read.',
          file: 'tools/tools.ts',
          line: 7,
          column: 52,
        },
      ],
    },
    {
      name: 'a tool in no tier',
      files: header + tool('a', 'set_font') + tool('b', 'get_font') + `export const CORE_TOOLS = [a];\nexport const EXTENDED_TOOLS = [];\n`,
      errors: [{ messageId: 'unregistered', message: 'Tool "get_font" is not in the core or the extended tier.', line: 5, column: 18 }],
    },
    {
      name: 'a tool in both tiers',
      files: header + tool('a', 'set_font') + `export const CORE_TOOLS = [a];\nexport const EXTENDED_TOOLS = [a];\n`,
      errors: [{ messageId: 'twoTiers', message: 'Tool "set_font" is in both the core and the extended tier.', line: 3 }],
    },
    {
      name: 'an entry that is not a tool',
      files:
        header + tool('a', 'set_font') + `const other = {};\nexport const CORE_TOOLS = [a, other];\nexport const EXTENDED_TOOLS = [];\n`,
      errors: [
        {
          messageId: 'unresolved',
          message: 'Registry entry `other` in CORE_TOOLS does not resolve to a tool validate could read.',
          line: 5,
          column: 31,
        },
      ],
    },
    {
      name: 'a copy of a tool with a description of its own: the tool counts as in core, the copy is named (no "not in a tier")',
      files:
        header +
        tool('a', 'set_font') +
        `export const CORE_TOOLS = [{ ...a, description: 'Sets a font.' }];\nexport const EXTENDED_TOOLS = [];\n`,
      errors: [
        {
          messageId: 'copy',
          message:
            'Registry entry `{ ...a, description: \'Sets a font.\' }` in CORE_TOOLS is a copy of tool "set_font" that sets `description` of its own, which validate and export do not read: they show "set_font" as its defineTool call defines it, not as it is served.',
          line: 4,
          column: 28,
        },
      ],
    },
  ],
});
