// The skills layer's public exports: skills, their registry and router, skill files, executors and the store.

export type { Skill, SkillInit, SkillKind, SkillPrompt, MutableSkill } from './model/skill.js';
export { createSkill, defineSkill, SKILL_NAME_PATTERN } from './model/skill.js';
export { SkillRegistry, SkillNameError } from './model/skill-registry.js';
export type { SkillList } from './model/router.js';
export { SkillRouter, buildSystemPrompt, triggerOccurs } from './model/router.js';
export type { ExternalSkillFile, ToolSkillFile, SkillProblem } from './files/external-skill.js';
export { parseSkillFile, formatProblems } from './files/external-skill.js';
export type { HttpExecutorSpec, ScriptExecutorSpec, PromptSkillFile, McpSkillFile, ScriptRuntime } from './files/skill-file-schema.js';
export { SCRIPT_RUNTIMES, HTTP_METHODS } from './files/skill-file-schema.js';
export type { SkillSource } from './files/read-skill-source.js';
export { readSkillSource } from './files/read-skill-source.js';
export { triggersFromDescription, readAgentSkillFolder } from './files/agent-skill.js';
export { paramsFromJsonSchema } from './files/json-schema-params.js';
export type { ExternalToolOptions } from './files/external-tool.js';
export { toolFromSkillFile } from './files/external-tool.js';
export { skillFromFile } from './files/skill-from-file.js';
export type { HttpCallResult, HttpCallOptions } from './executors/http-executor.js';
export { runHttpExecutor, HTTP_DEFAULT_TIMEOUT_MS, HTTP_DEFAULT_MAX_RESPONSE_BYTES } from './executors/http-executor.js';
export type { ScriptRunOptions, ScriptRunResult } from './executors/script-executor.js';
export {
  runScript,
  findRuntime,
  RUN_ID_ENV,
  SCRIPT_MAX_TIMEOUT_MS,
  SCRIPT_DEFAULT_MAX_OUTPUT_BYTES,
  SCRIPT_DEFAULT_KILL_GRACE_MS,
} from './executors/script-executor.js';
export type { SkillStore, StoredSkill, StoreProblem, SkillToInstall, StoreStatus, WatchOptions, OpenStoreOptions } from './store/store.js';
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
} from './store/store.js';
export type { McpSkill, McpSkillOptions } from './mcp/mcp-skill.js';
export type { ToolPins, ToolPin, ToolDrift, PinnedToolDefinition, PinnedField } from './mcp/mcp-tool-pins.js';
export { createMcpSkill } from './mcp/mcp-skill.js';
export { mcpToolName, MAX_TOOL_NAME } from './mcp/mcp-tool-name.js';
export type { Catalog, CatalogEntry } from './store/store-catalog.js';
export { exportCatalog, catalogEntries, isCatalog, readCatalogFile, CATALOG_FORMAT, CATALOG_VERSION } from './store/store-catalog.js';
export type { StoredSkillOptions, FollowStoreOptions, StoreFollower } from './store/store-skills.js';
export { skillFromStored, followStore } from './store/store-skills.js';
export { combineToolSources } from './model/combine-sources.js';
export { agentSkillFromText } from './files/agent-skill.js';
export { skillSourceFromText } from './files/read-skill-source.js';
export type { InstallCheck, InstallRead } from './files/install-check.js';
export { checkInstall, readInstallPath, readInstallPaths, readInstallText } from './files/install-check.js';
export { sandboxRules } from './files/external-tool.js';
