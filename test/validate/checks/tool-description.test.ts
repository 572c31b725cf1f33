/** The tool-description check: valid and invalid cases, run by the RuleTester-style helper. */
import { ruleTester, toolSource } from '../helpers.js';
import { ok, at } from './sources/tool.js';

ruleTester('tool-description', {
  valid: [
    { name: 'a real description', files: ok('set_font') },
    // 600 Chinese characters are 600 code points (1 800 UTF-8 bytes): fine.
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
    // The spec format's own example, 19 characters, is a warning, never an error
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
    // 1 100 characters is a warning with the count, nothing truncated.
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
    // Over 64 KiB of UTF-8 is an error (defineTool throws; clients drop a tools/list answer that large).
    {
      name: '70 000 bytes',
      files: toolSource(`name: 'set_font', description: 'Sets ${'x'.repeat(69_995)}', mutates: true, params: {}`),
      errors: [
        {
          messageId: 'overCeiling',
          message: 'Tool "set_font" has a description of 70000 bytes, over the 65536-byte (64 KiB) ceiling; defineTool refuses it.',
          severity: 'error',
        },
      ],
    },
  ],
});
