export type { Skill, SkillInit, SkillKind, SkillPrompt, MutableSkill } from './skill.js';
export { createSkill, defineSkill, SKILL_NAME_PATTERN } from './skill.js';
export { SkillRegistry, SkillNameError } from './skill-registry.js';
export type { SkillList } from './router.js';
export { SkillRouter, buildSystemPrompt, triggerOccurs } from './router.js';
export type { ExternalSkillFile, ToolSkillFile, SkillProblem } from './external-skill.js';
export { parseSkillFile, formatProblems } from './external-skill.js';
export type { HttpExecutorSpec, ScriptExecutorSpec, PromptSkillFile, McpSkillFile, ScriptRuntime } from './skill-file-schema.js';
export { SCRIPT_RUNTIMES, HTTP_METHODS } from './skill-file-schema.js';
export type { SkillSource } from './read-skill-source.js';
export { readSkillSource } from './read-skill-source.js';
export { triggersFromDescription, readAgentSkillFolder } from './agent-skill.js';
export { paramsFromJsonSchema } from './json-schema-params.js';
export type { ExternalToolOptions } from './external-tool.js';
export { toolFromSkillFile } from './external-tool.js';
export { skillFromFile } from './skill-from-file.js';
export type { HttpCallResult, HttpCallOptions } from './http-executor.js';
export { runHttpExecutor, HTTP_DEFAULT_TIMEOUT_MS, HTTP_DEFAULT_MAX_RESPONSE_BYTES } from './http-executor.js';
export type { ScriptRunOptions, ScriptRunResult } from './script-executor.js';
export {
  runScript,
  findRuntime,
  RUN_ID_ENV,
  SCRIPT_MAX_TIMEOUT_MS,
  SCRIPT_DEFAULT_MAX_OUTPUT_BYTES,
  SCRIPT_DEFAULT_KILL_GRACE_MS,
} from './script-executor.js';
export type { SkillStore, StoredSkill, StoreProblem, SkillToInstall, StoreStatus, WatchOptions, OpenStoreOptions } from './store.js';
export {
  openSkillStore,
  isPostgresLocation,
  maskStoreLocation,
  SkillStoreError,
  SkillExistsError,
  InvalidSkillError,
  DEFAULT_STORE_PATH,
  STORE_ENV,
  DEFAULT_CONNECT_TIMEOUT_MS,
} from './store.js';
export type { McpSkill, McpSkillOptions } from './mcp-skill.js';
export type { ToolPins, ToolPin, ToolDrift, PinnedToolDefinition, PinnedField } from './mcp-tool-pins.js';
export { createMcpSkill } from './mcp-skill.js';
export { mcpToolName, MAX_TOOL_NAME } from './mcp-tool-name.js';
export type { Catalog, CatalogEntry } from './store-catalog.js';
export { exportCatalog, catalogEntries, isCatalog, readCatalogFile, CATALOG_FORMAT, CATALOG_VERSION } from './store-catalog.js';
export type { StoredSkillOptions, FollowStoreOptions, StoreFollower } from './store-skills.js';
export { skillFromStored, followStore } from './store-skills.js';
export { combineToolSources } from './combine-sources.js';
export { agentSkillFromText } from './agent-skill.js';
export { skillSourceFromText } from './read-skill-source.js';
export type { InstallCheck, InstallRead } from './install-check.js';
export { checkInstall, readInstallPath, readInstallPaths, readInstallText } from './install-check.js';
export { sandboxRules } from './sandbox-rules.js';
