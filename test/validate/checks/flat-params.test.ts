/** The flat-params check: valid and invalid cases, run by the RuleTester-style helper. */
import { ruleTester, toolSource } from '../helpers.js';
import { desc, atParam } from './sources/tool.js';

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
    // A numeric enum is valid for defineTool but gets the Gemini portability warning.
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
    // Required plus default is reported, with the same words defineTool throws.
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

ruleTester('flat-params', {
  valid: [],
  invalid: [
    {
      name: "a nested object in a zod input: the param's own line",
      files: {
        'src/t.ts': `import { tool } from 'ai';\nimport { z } from 'zod';\nexport const tools = {\n  set_style: tool({ description: 'Sets the style of a text node in the document.', inputSchema: z.object({\n    id: z.string().describe('Text node id'),\n    style: z.object({ bold: z.boolean() }).describe('Style to set'),\n  }), execute: async () => 1 }),\n};\n`,
      },
      errors: [
        {
          messageId: 'notFlat',
          message: /^Tool "set_style": param "style" is object/,
          severity: 'warn',
          file: 'src/t.ts',
          line: 6,
          column: 5,
        },
      ],
    },
  ],
});
