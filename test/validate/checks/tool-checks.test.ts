import { ruleTester, toolSource } from '../helpers.js';

const desc = "description: 'Sets the font family of a text node.'";
const ok = (name: string) => toolSource(`name: '${name}', ${desc}, mutates: true, params: {}`);
const at = { file: 'tools/tool.ts', line: 3, column: 18 };
/** Where a finding about `param` points: the param's own property in the toolSource line. */
const atParam = (fields: string, param: string) => ({ ...at, column: toolSource(fields).split('\n')[2]!.indexOf(`${param}: {`) + 1 });

ruleTester('snake-case-name', {
  valid: [
    { name: 'snake_case', files: ok('set_font') },
    { name: '40 characters exactly', files: ok('a'.repeat(40)) },
  ],
  invalid: [
    // C-03: space and slash are errors that name the characters; dot is an error too.
    {
      name: 'space',
      files: ok('Set Font'),
      errors: [
        {
          messageId: 'invalidChars',
          message: 'Tool name "Set Font" contains " ", which MCP clients and model providers reject.',
          severity: 'error',
          ...at,
        },
      ],
    },
    {
      name: 'slash',
      files: ok('fonts/set'),
      errors: [
        {
          messageId: 'invalidChars',
          message: 'Tool name "fonts/set" contains "/", which MCP clients and model providers reject.',
          severity: 'error',
        },
      ],
    },
    { name: 'dot', files: ok('font.set'), errors: [{ messageId: 'invalidChars', severity: 'error' }] },
    {
      name: 'camelCase',
      files: ok('setFont'),
      errors: [{ messageId: 'notSnakeCase', message: 'Tool name "setFont" is not snake_case.', severity: 'warn' }],
    },
    { name: 'kebab-case', files: ok('set-font'), errors: [{ messageId: 'notSnakeCase', severity: 'warn' }] },
    // C-03: over 64 is an error; 58 is a warning (over 40: clients prefix the server name).
    {
      name: '65 characters',
      files: ok('a'.repeat(65)),
      errors: [{ messageId: 'tooLong', message: `Tool name "${'a'.repeat(65)}" has 65 characters; the limit is 64.`, severity: 'error' }],
    },
    {
      name: '58 characters',
      files: ok('a'.repeat(58)),
      errors: [{ messageId: 'long', message: /has 58 characters, over 40/, severity: 'warn' }],
    },
    {
      name: 'warning length from the config',
      files: { 'tools/tool.ts': ok('set_font_family'), 'agent-tools.config.json': '{ "limits": { "nameWarnLength": 10 } }' },
      errors: [{ messageId: 'long', message: /has 15 characters, over 10/, severity: 'warn' }],
    },
  ],
});

ruleTester('tool-description', {
  valid: [
    { name: 'a real description', files: ok('set_font') },
    // C-03: 600 Chinese characters are 600 code points (1 800 UTF-8 bytes): fine.
    {
      name: '600 Chinese characters',
      files: toolSource(`name: 'set_font', description: '${'设置字体'.repeat(150)}', mutates: true, params: {}`),
    },
    {
      name: 'exactly 1 024 characters',
      files: toolSource(`name: 'set_font', description: 'Sets ${'x'.repeat(1019)}', mutates: true, params: {}`),
    },
  ],
  invalid: [
    {
      name: 'empty',
      files: toolSource(`name: 'set_font', description: '', mutates: true, params: {}`),
      errors: [{ messageId: 'missing', message: 'Tool "set_font" has no description.', ...at }],
    },
    {
      name: 'too short',
      files: toolSource(`name: 'set_font', description: 'Sets fonts.', mutates: true, params: {}`),
      errors: [{ messageId: 'tooShort', message: /of 11 characters; at least 20/, severity: 'warn' }],
    },
    // issue 11: the spec format's own example, 19 characters, is a warning, never an error
    {
      name: '"Set font properties"',
      files: toolSource(`name: 'set_font', description: 'Set font properties', mutates: true, params: {}`),
      errors: [
        {
          messageId: 'tooShort',
          message: 'Tool "set_font" has a description of 19 characters; at least 20 are needed for a model to choose it well.',
          severity: 'warn',
        },
      ],
    },
    {
      name: 'blank',
      files: toolSource(`name: 'set_font', description: ' ', mutates: true, params: {}`),
      errors: [{ messageId: 'missing', severity: 'error' }],
    },
    {
      name: 'the name reworded',
      files: toolSource(`name: 'set_font_family', description: 'Sets the font family.', mutates: true, params: {}`),
      errors: [
        {
          messageId: 'rewordsName',
          message: 'The description of tool "set_font_family" ("Sets the font family.") only rewords its name.',
          severity: 'warn',
        },
      ],
    },
    // C-03: 1 100 characters is a warning with the count, nothing truncated.
    {
      name: '1 100 characters',
      files: toolSource(`name: 'set_font', description: 'Sets ${'x'.repeat(1095)}', mutates: true, params: {}`),
      errors: [
        {
          messageId: 'tooLong',
          message: 'Tool "set_font" has a description of 1100 characters, over 1024; some clients cut it.',
          severity: 'warn',
        },
      ],
    },
    {
      name: '1 025 Chinese characters',
      files: toolSource(`name: 'set_font', description: '${'字'.repeat(1025)}', mutates: true, params: {}`),
      errors: [{ messageId: 'tooLong', message: /of 1025 characters/, severity: 'warn' }],
    },
  ],
});

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

ruleTester('mutates-declared', {
  valid: [
    { name: 'declared true', files: ok('set_font') },
    {
      name: 'reader declared false',
      files: toolSource(`name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}`),
    },
  ],
  invalid: [
    {
      name: 'not declared',
      files: toolSource(`name: 'get_font', description: 'Returns the font family of a text node.', params: {}`),
      errors: [
        {
          messageId: 'notDeclared',
          message: 'Tool "get_font" does not say whether it mutates; clients will treat it as read-only.',
          severity: 'warn',
          ...at,
        },
      ],
    },
    {
      name: 'mutating prefix with mutates: false',
      files: toolSource(`name: 'delete_node', description: 'Deletes a node and its children.', mutates: false, params: {}`),
      errors: [
        { messageId: 'looksMutating', message: 'Tool "delete_node" starts with "delete_" but says mutates: false.', severity: 'warn' },
      ],
    },
  ],
});

// issue 13 point 4: a mutating tool says whether it is destructive (the MCP destructiveHint).
ruleTester('destructive-declared', {
  valid: [
    { name: 'mutating, destructive: false', files: toolSource(`name: 'set_font', ${desc}, mutates: true, destructive: false, params: {}`) },
    {
      name: 'mutating, destructive: true',
      files: toolSource(
        `name: 'delete_node', description: 'Deletes a node and its children.', mutates: true, destructive: true, params: {}`,
      ),
    },
    {
      name: 'read-only',
      files: toolSource(`name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}`),
    },
    {
      name: 'mutates left out (read-only; mutates-declared reports it)',
      files: toolSource(`name: 'get_font', description: 'Returns the font family of a text node.', params: {}`),
    },
    {
      name: 'MCP SDK tool with both hints',
      files: {
        'tools/s.ts':
          "server.registerTool('set_font', { description: 'Sets the font family of a text node.', annotations: { readOnlyHint: false, destructiveHint: false } }, f);\n",
      },
    },
  ],
  invalid: [
    {
      name: 'mutating, destructive left out',
      files: ok('set_font'),
      errors: [
        {
          messageId: 'notDeclared',
          message: 'Tool "set_font" mutates but does not say whether it is destructive; clients will treat it as not destructive.',
          severity: 'warn',
          ...at,
        },
      ],
    },
    {
      name: 'MCP SDK tool, readOnlyHint false without destructiveHint',
      files: {
        'tools/s.ts':
          "server.registerTool('set_font', { description: 'Sets the font family of a text node.', annotations: { readOnlyHint: false } }, f);\n",
      },
      errors: [
        {
          messageId: 'noDestructiveHint',
          message: 'Tool "set_font" is not read-only but does not say whether it is destructive (no annotations.destructiveHint).',
          severity: 'warn',
          file: 'tools/s.ts',
          line: 1,
          column: 1,
        },
      ],
    },
  ],
});

ruleTester('flat-params', {
  valid: [
    // a missing description is param-description's one finding, not a second one here (new-user trial)
    {
      name: 'no description',
      files: toolSource(
        `name: 'set_font', ${desc}, mutates: true, params: { family: { type: 'string' }, size: { type: 'number', description: '' } }`,
      ),
    },
    {
      name: 'every type, in range',
      files: toolSource(
        `name: 'set_font', ${desc}, mutates: true, params: { id: { type: 'string', description: 'Node id', required: true }, size: { type: 'number', description: 'Size in px', min: 6, max: 144, default: 12 }, italic: { type: 'boolean', description: 'Italic style', default: false }, color: { type: 'color', description: 'Text color' }, tags: { type: 'string[]', description: 'Style tags', enum: ['serif', 'mono'] } }`,
      ),
    },
  ],
  invalid: [
    // C-01: a numeric enum is valid for defineTool but gets the Gemini portability warning.
    {
      name: 'numeric enum',
      files: toolSource(
        `name: 'set_weight', ${desc}, mutates: true, params: { weight: { type: 'number', enum: [100, 200, 300, 400, 500, 600, 700, 800, 900], description: 'CSS weight' } }`,
      ),
      errors: [
        {
          messageId: 'numericEnum',
          message:
            'Tool "set_weight": param "weight" has a numeric enum (100, 200, 300, 400, 500, 600, 700, 800, 900); Gemini accepts only string enums.',
          severity: 'warn',
          ...atParam(`name: 'set_weight', ${desc}, mutates: true, params: { weight: {`, 'weight'),
        },
      ],
    },
    // C-11: required plus default is reported, with the same words defineTool throws.
    {
      name: 'required and default',
      files: toolSource(
        `name: 'set_font', ${desc}, mutates: true, params: { italic: { type: 'boolean', description: 'Italic style', required: true, default: false } }`,
      ),
      errors: [
        {
          messageId: 'problem',
          message: /^Tool "set_font": params\.italic\.default: a param cannot be both required and defaulted/,
          severity: 'error',
        },
      ],
    },
    {
      name: 'object type',
      files: toolSource(`name: 'set_font', ${desc}, mutates: true, params: { style: { type: 'object', description: 'Style' } }`),
      errors: [{ messageId: 'problem', message: /params\.style\.type: unknown type "object"/ }],
    },
    {
      name: 'min above max',
      files: toolSource(
        `name: 'set_font', ${desc}, mutates: true, params: { size: { type: 'number', description: 'Size in px', min: 10, max: 5 } }`,
      ),
      errors: [{ messageId: 'problem', message: /params\.size\.min: min 10 is greater than max 5/ }],
    },
    {
      name: 'default outside the enum',
      files: toolSource(
        `name: 'set_font', ${desc}, mutates: true, params: { family: { type: 'string', description: 'Family name', enum: ['serif', 'sans'], default: 'mono' } }`,
      ),
      errors: [{ messageId: 'problem', message: /params\.family\.default: "mono" is not one of "serif", "sans"/ }],
    },
    {
      name: 'empty enum',
      files: toolSource(
        `name: 'set_font', ${desc}, mutates: true, params: { family: { type: 'string', description: 'Family name', enum: [] } }`,
      ),
      errors: [{ messageId: 'problem', message: /params\.family\.enum: must be a non-empty array/ }],
    },
    {
      name: 'enum of the wrong type',
      files: toolSource(
        `name: 'set_font', ${desc}, mutates: true, params: { size: { type: 'number', description: 'Size in px', enum: ['12', '14'] } }`,
      ),
      errors: [{ messageId: 'problem', message: /members "12", "14" are not of type number/ }],
    },
    {
      name: 'bad param name',
      files: toolSource(`name: 'set_font', ${desc}, mutates: true, params: { 'font-size': { type: 'number', description: 'Size in px' } }`),
      errors: [{ messageId: 'problem', message: /params\.font-size: param name must match/ }],
    },
  ],
});

ruleTester('jsdoc', {
  valid: [
    { name: 'documented', files: ok('set_font') },
    {
      name: 'not exported',
      files: `import { defineTool } from 'agent-tools';\nconst t = defineTool({ name: 'set_font', ${desc}, mutates: true, params: {}, execute: () => ({}) });\nexport const TOOLS = [t];\n`,
    },
  ],
  invalid: [
    {
      name: 'exported without a comment',
      files: `import { defineTool } from 'agent-tools';\nexport const setFont = defineTool({ name: 'set_font', ${desc}, mutates: true, params: {}, execute: () => ({}) });\n`,
      errors: [
        {
          messageId: 'missing',
          message: 'Exported tool "set_font" (setFont) has no JSDoc comment.',
          severity: 'warn',
          file: 'tools/tool.ts',
          line: 2,
          column: 24,
        },
      ],
    },
  ],
});

ruleTester('define-tool', {
  valid: [{ name: 'a defineTool call', files: ok('set_font') }],
  invalid: [
    {
      name: 'a bare object typed as ToolDef',
      files: `import type { ToolDef } from 'agent-tools';\nexport const setFont: ToolDef = { name: 'set_font', ${desc}, mutates: true, params: {}, execute: () => ({}) };\n`,
      errors: [
        {
          messageId: 'bareObject',
          message: /^"setFont" is an object literal typed as ToolDef/,
          file: 'tools/tool.ts',
          line: 2,
          column: 14,
        },
      ],
    },
    {
      name: 'a description computed at run time',
      files: `import { defineTool } from 'agent-tools';\nconst make = () => 'Sets the font family of a text node.';\nexport const t = defineTool({ name: 'set_font', description: make(), mutates: true, params: {}, execute: () => ({}) });\n`,
      errors: [{ messageId: 'diagnostic', message: /description/, line: 3 }],
    },
    {
      name: 'a syntax error, other files still checked',
      files: {
        'tools/broken.ts': `export const x = (\n`,
        'tools/ok.ts': `import { defineTool } from 'agent-tools';\nexport const t = defineTool({ name: 'Bad Name', ${desc}, mutates: true, params: {}, execute: () => ({}) });\n`,
      },
      errors: [
        { messageId: 'syntaxError', message: /^Syntax error: Expression expected/, file: 'tools/broken.ts', line: 1, column: 19 },
        { messageId: 'syntaxError', message: /^Syntax error: '\)' expected/, file: 'tools/broken.ts', line: 2, column: 1 },
      ],
    },
  ],
});
