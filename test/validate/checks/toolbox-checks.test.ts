import { ruleTester } from '../helpers.js';

const tool = (v: string, name: string, extra = '') =>
  `/** ${name} */\nexport const ${v} = defineTool({ name: '${name}', description: 'Does ${name} on a text node of the canvas.', mutates: true, params: {${extra}}, execute: () => ({}) });\n`;
const header = `import { defineTool } from 'agent-tools';\n`;

ruleTester('unique-names', {
  valid: [
    // C-04: a barrel re-exporting a tool is the same declaration, not a duplicate.
    {
      name: 'a barrel re-export',
      files: {
        'tools/a.ts': header + tool('setFont', 'set_font'),
        'tools/index.ts': `export { setFont } from './a';\nexport * from './a';\n`,
      },
    },
  ],
  invalid: [
    // C-04: two files define set_font: both locations are reported, each naming the other.
    {
      name: 'two files define set_font',
      files: {
        'tools/a.ts': header + tool('setFont', 'set_font', "family: { type: 'string', description: 'CSS font family' }"),
        'tools/b.ts': header + tool('setFontB', 'set_font'),
      },
      errors: [
        {
          messageId: 'duplicate',
          message: 'Tool name "set_font" is also defined at tools/b.ts:3:25.',
          file: 'tools/a.ts',
          line: 3,
          column: 24,
        },
        {
          messageId: 'duplicate',
          message: 'Tool name "set_font" is also defined at tools/a.ts:3:24.',
          file: 'tools/b.ts',
          line: 3,
          column: 25,
        },
      ],
    },
    // C-04: set_font and set-font collide as command-line names.
    {
      name: 'set_font beside set-font',
      files: header + tool('a', 'set_font') + tool('b', 'set-font'),
      errors: [
        {
          messageId: 'cliCollision',
          message: 'Tool name "set_font" collides with "set-font" at tools/tool.ts:5:18 as a command-line name ("set-font").',
          line: 3,
        },
        {
          messageId: 'cliCollision',
          message: 'Tool name "set-font" collides with "set_font" at tools/tool.ts:3:18 as a command-line name ("set-font").',
          line: 5,
        },
      ],
    },
  ],
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
    // issue 11: path aliases keep resolving (an unresolved entry would be reported)
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
  ],
});

const many = (n: number) => Array.from({ length: n }, (_, i) => tool(`t${i}`, `tool_${i}`)).join('');
ruleTester('core-size', {
  valid: [
    {
      name: '30 tools',
      files: header + many(30) + `export const CORE_TOOLS = [${Array.from({ length: 30 }, (_, i) => `t${i}`).join(', ')}];\n`,
    },
    { name: 'no core tier', files: header + many(2) },
  ],
  invalid: [
    {
      name: '31 tools',
      files: header + many(31) + `export const CORE_TOOLS = [${Array.from({ length: 31 }, (_, i) => `t${i}`).join(', ')}];\n`,
      errors: [{ messageId: 'tooManyTools', message: 'The core tier (CORE_TOOLS) has 31 tools; the limit is 30.', line: 64, column: 14 }],
    },
    {
      name: 'over the token budget from the config',
      files: {
        'tools/tool.ts': header + many(3) + `export const CORE_TOOLS = [t0, t1, t2];\n`,
        'agent-tools.config.json': '{ "limits": { "coreMaxTokens": 50 } }',
      },
      errors: [
        { messageId: 'tooManyTokens', message: /^The core tier \(CORE_TOOLS\) costs \d+ tokens of tool definitions; the budget is 50\.$/ },
      ],
    },
    {
      name: 'createRegistry core tier with a lower tool limit',
      files: {
        'tools/tool.ts':
          `import { defineTool, createRegistry } from 'agent-tools';\n` +
          many(2) +
          `export const r = createRegistry({ core: [t0, t1] });\n`,
        'agent-tools.config.json': '{ "limits": { "coreMaxTools": 1 } }',
      },
      errors: [{ messageId: 'tooManyTools', message: 'The core tier (core) has 2 tools; the limit is 1.' }],
    },
  ],
});
