import type { McpSkillFile } from './skill-file-schema.js';
import type { MutableSkill } from './skill.js';

/** Placeholder until the MCP import lands. @throws {Error} always. */
export async function createMcpSkill(file: McpSkillFile, _options: { enabled?: boolean } = {}): Promise<MutableSkill & { close(): Promise<void> }> {
  throw new Error(`MCP skill "${file.name}": not supported yet`);
}
