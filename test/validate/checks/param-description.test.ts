/** The param-description check: valid and invalid cases, run by the RuleTester-style helper. */
import { ruleTester, toolSource } from '../helpers.js';
import { desc, atParam } from './sources/tool.js';
import { aiTools, mcpServer, schemas, extended, zodInput } from './sources/zod-params.js';

ruleTester('param-description', {
  valid: [
    {
      name: 'described',
      files: toolSource(
        `name: 'set_font', ${desc}, mutates: true, params: { family: { type: 'string', description: 'CSS font family, e.g. "Inter"' } }`,
      ),
    },
  ],
  invalid: [
    {
      name: 'just the name',
      files: toolSource(
        `name: 'set_font', ${desc}, mutates: true, params: { fontFamily: { type: 'string', description: 'The font family' } }`,
      ),
      errors: [
        {
          messageId: 'rewordsName',
          message: 'The description of param "fontFamily" of tool "set_font" ("The font family") only repeats its name.',
          severity: 'warn',
          ...atParam(
            `name: 'set_font', ${desc}, mutates: true, params: { fontFamily: { type: 'string', description: 'The font family' } }`,
            'fontFamily',
          ),
        },
      ],
    },
    {
      name: 'blank',
      files: toolSource(`name: 'set_font', ${desc}, mutates: true, params: { family: { type: 'string', description: '  ' } }`),
      errors: [{ messageId: 'missing', message: 'Param "family" of tool "set_font" has no description.' }],
    },
  ],
});

/** A set_font tool with one param described by `text`, of the given full-form fields. */
const withParam = (param: string, fields: string, text: string) =>
  `name: 'set_font', ${desc}, mutates: true, params: { ${param}: { ${fields}, description: ${JSON.stringify(text)} } }`;

ruleTester('param-description', {
  valid: [
    ...[
      'Font weight, 100-900',
      'Text alignment: left|center|right',
      'Whether the text is italic (true/false)',
      'Todo list to add the item to',
      'Size of the page, from 1 to 100 items',
    ].map((text) => ({ name: `says more than the schema: ${text}`, files: toolSource(withParam('weight', "type: 'string'", text)) })),
  ],
  invalid: [
    ...(
      [
        ['weight', "type: 'number', min: 100, max: 900", '100-900', 'a range', 'min/max'],
        ['size', "type: 'number', min: 1, max: 10", '1 to 10', 'a range', 'min/max'],
        ['offset', "type: 'number', min: -10, max: 10", '(-10..10).', 'a range', 'min/max'],
        ['align', "type: 'string', enum: ['a', 'b', 'c']", 'one of a, b, c', 'a choice list', 'enum'],
        ['align', "type: 'string', enum: ['a', 'b', 'c']", 'a|b|c', 'a choice list', 'enum'],
        ['italic', "type: 'boolean'", 'true/false', 'true/false', 'the boolean type'],
      ] as const
    ).map(([param, fields, text, fact, keptIn]) => ({
      name: `only restates the schema: ${text}`,
      files: toolSource(withParam(param, fields, text)),
      errors: [
        {
          messageId: 'restatesSchema',
          message: `The description of param "${param}" of tool "set_font" ("${text}") only restates ${fact}, which the schema already says (${keptIn}).`,
          severity: 'warn' as const,
          ...atParam(withParam(param, fields, text), param),
        },
      ],
    })),
    {
      name: 'a TODO placeholder, as scaffold writes for a short form that was only a type hint',
      files: toolSource(withParam('weight', "type: 'number', min: 100, max: 900", 'TODO: describe weight for the model')),
      errors: [
        {
          messageId: 'placeholder',
          message: 'The description of param "weight" of tool "set_font" is a placeholder ("TODO: describe weight for the model").',
          severity: 'warn',
        },
      ],
    },
  ],
});

ruleTester('param-description', {
  valid: [],
  invalid: [
    {
      name: "AI SDK tool: the param's own line",
      files: { 'src/ai-tools.ts': aiTools },
      errors: [
        {
          messageId: 'missing',
          message: 'Param "to" of tool "convert_currency" has no description.',
          file: 'src/ai-tools.ts',
          line: 9,
          column: 7,
        },
      ],
    },
    {
      name: 'MCP SDK registerTool raw shape and server.tool shape',
      files: { 'src/mcp-server.ts': mcpServer },
      errors: [
        {
          messageId: 'missing',
          message: 'Param "tags" of tool "add_note" has no description.',
          file: 'src/mcp-server.ts',
          line: 8,
          column: 7,
        },
        {
          messageId: 'missing',
          message: 'Param "id" of tool "remove_note" has no description.',
          file: 'src/mcp-server.ts',
          line: 11,
          column: 5,
        },
      ],
    },
    {
      name: 'through a constant, .extend, .shape of an imported schema and .partial',
      files: { 'src/schemas.ts': schemas, 'src/tools.ts': extended },
      errors: [
        {
          messageId: 'missing',
          message: 'Param "path" of tool "read_file" has no description.',
          file: 'src/schemas.ts',
          line: 3,
          column: 3,
        },
        { messageId: 'missing', message: 'Param "amount" of tool "convert" has no description.', file: 'src/tools.ts', line: 5, column: 3 },
      ],
    },
    {
      name: 'defineTool with a zod input',
      files: { 'tools/tool.ts': zodInput },
      errors: [
        {
          messageId: 'missing',
          message: 'Param "family" of tool "set_font" has no description.',
          file: 'tools/tool.ts',
          line: 7,
          column: 5,
        },
      ],
    },
    {
      name: 'a computed key is not a written property: the call',
      files: {
        'src/t.ts': `import { tool } from 'ai';\nimport { z } from 'zod';\nconst KEY = 'a';\nexport const tools = {\n  t: tool({ description: 'Converts an amount of money into another currency.', inputSchema: z.object({ [KEY]: z.string() }), execute: async () => 1 }),\n};\n`,
      },
      errors: [{ messageId: 'missing', message: 'Param "a" of tool "t" has no description.', file: 'src/t.ts', line: 5, column: 6 }],
    },
  ],
});
