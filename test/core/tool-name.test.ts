/** Tests of the one tool-name rule: accepted characters and length, replacements, snake and kebab case. */

import { describe, expect, it } from 'vitest';
import {
  charsOutsideToolNames,
  kebabName,
  MAX_TOOL_NAME_LENGTH,
  replaceCharsOutsideToolNames,
  snakeName,
  SNAKE_CASE,
  TOOL_NAME_PATTERN,
} from '../../src/core/tool-name.js';
import { SKILL_NAME_PATTERN } from '../../src/skills/model/skill.js';
import { mcpToolName } from '../../src/skills/mcp/mcp-tool-name.js';

describe('the tool-name rule, one module', () => {
  it('accepts letters, digits, _ and - up to 64 characters, as MCP clients and providers do', () => {
    expect(TOOL_NAME_PATTERN.source).toBe('^[a-zA-Z0-9_-]{1,64}$');
    expect(MAX_TOOL_NAME_LENGTH).toBe(64);
    expect(['set_font', 'Set-Font2', 'a'.repeat(64)].every((n) => TOOL_NAME_PATTERN.test(n))).toBe(true);
    expect(['', 'set font', 'set.font', 'a'.repeat(65), 'é'].some((n) => TOOL_NAME_PATTERN.test(n))).toBe(false);
    expect(SKILL_NAME_PATTERN).toBe(TOOL_NAME_PATTERN);
  });

  it('names the characters a tool name may not hold (code points, each once, in order)', () => {
    expect(charsOutsideToolNames('Set Font.v2 😀 x.y')).toEqual([' ', '.', '😀']);
    expect(charsOutsideToolNames('set_font')).toEqual([]);
  });

  it('replaces each UTF-16 code unit outside the rule with _, so an MCP tool name keeps its length', () => {
    expect(replaceCharsOutsideToolNames('a.b😀')).toBe('a_b__');
    expect(mcpToolName('docs', 'read.page')).toMatch(/^docs__read_page_[0-9a-f]{8}$/);
  });

  it('spells the snake_case and kebab-case forms', () => {
    expect(snakeName('setFont')).toBe('set_font');
    expect(snakeName('Set Font!')).toBe('set_font');
    expect(SNAKE_CASE.test(snakeName('getHTTPPage v2'))).toBe(true);
    expect(kebabName('font_size')).toBe('font-size');
    expect(kebabName('fontSize')).toBe('font-size');
  });
});
