/** The schema-layer check: valid and invalid cases, run by the RuleTester-style helper. */
import { ruleTester } from '../helpers.js';
import { getFont, tools } from './sources/architecture.js';

ruleTester('schema-layer', {
  valid: [
    { name: 'defineTool from agent-tools', files: tools },
    {
      name: 'a local schema module with ParamDef, ToolDef, defineTool',
      files: {
        'tools/schema.ts': `export interface ParamDef { type: string }\nexport interface ToolDef { name: string }\nexport function defineTool<T>(d: T): T { return d; }\n`,
        'tools/tools.ts': `import { defineTool } from './schema.js';\n` + getFont,
      },
    },
    {
      name: 'a namespace import of agent-tools',
      files: `import * as at from 'agent-tools';\n` + getFont.replace('= defineTool(', '= at.defineTool('),
    },
    {
      name: 'a schema module that re-exports agent-tools',
      files: {
        'tools/schema.ts': `export * from 'agent-tools';\n`,
        'tools/tools.ts': `import { defineTool } from './schema';\n` + getFont,
      },
    },
  ],
  invalid: [
    {
      name: 'a helper that is not a schema layer',
      files: {
        'tools/helpers.ts': `export function defineTool<T>(d: T): T { return d; }\n`,
        'tools/tools.ts': `import { defineTool } from './helpers';\n` + getFont,
      },
      errors: [
        {
          messageId: 'notSchemaLayer',
          message: 'defineTool comes from "./helpers", which does not export ParamDef, ToolDef.',
          file: 'tools/tools.ts',
          line: 1,
          column: 1,
        },
      ],
    },
    {
      name: 'a namespace import of a helper',
      files: {
        'tools/helpers.ts': `export function defineTool<T>(d: T): T { return d; }\n`,
        'tools/tools.ts': `import * as h from './helpers';\n` + getFont.replace('= defineTool(', '= h.defineTool('),
      },
      errors: [
        {
          messageId: 'notSchemaLayer',
          message: 'defineTool comes from "./helpers", which does not export ParamDef, ToolDef.',
          line: 1,
          column: 1,
        },
      ],
    },
    {
      name: 'defineTool not imported',
      files: getFont.replace('/** Reads. */\n', ''),
      errors: [{ messageId: 'noImport', file: 'tools/tool.ts', line: 1, column: 1 }],
    },
  ],
});

ruleTester('schema-layer', {
  valid: [
    {
      name: 'a schema module that is an export * chain of local modules',
      files: {
        'tools/schema.ts': `export * from './schema/params.js';\nexport * from './schema/tool.js';\n`,
        'tools/schema/params.ts': `export interface ParamDef { type: string }\n`,
        'tools/schema/tool.ts': `export * from './define.js';\nexport interface ToolDef { name: string }\n`,
        'tools/schema/define.ts': `export function defineTool<T>(d: T): T { return d; }\n`,
        'tools/tools.ts': `import { defineTool } from './schema.js';\n` + getFont,
      },
    },
  ],
  invalid: [
    {
      name: 'an export * chain that misses ToolDef',
      files: {
        'tools/schema.ts': `export * from './schema/params.js';\nexport * as more from './schema/tool.js';\n`,
        'tools/schema/params.ts': `export interface ParamDef { type: string }\nexport function defineTool<T>(d: T): T { return d; }\n`,
        'tools/schema/tool.ts': `export interface ToolDef { name: string }\n`,
        'tools/tools.ts': `import { defineTool } from './schema.js';\n` + getFont,
      },
      errors: [
        {
          messageId: 'notSchemaLayer',
          message: 'defineTool comes from "./schema.js", which does not export ToolDef.',
          file: 'tools/tools.ts',
          line: 1,
          column: 1,
        },
      ],
    },
  ],
});
