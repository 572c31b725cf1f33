// The runtime entry (`agent-tools`): the public exports of the schema layer, registry, pipeline and adapters' shared types.

export type { ParamType, ParamDef, ParamsDef, ParamValue, ArgsOf } from './core/param.js';
export { PARAM_TYPES, COLOR_PATTERN, PARAM_NAME_PATTERN } from './core/param.js';
export { TOOL_NAME_PATTERN } from './core/tool-name.js';
export type { ToolDef, AnyToolDef, ZodToolDef, DefinedZodTool, WithOutput } from './core/tool.js';
export type { ToolListing } from './core/tools-list-entry.js';
export { defineTool, toolLocation } from './core/tool.js';
export type { ToolCallContext, ToolProgress, ToolLogLine, ToolLogLevel, ToolLogger } from './core/call-context.js';
export { TOOL_LOG_LEVELS } from './core/call-context.js';
export type { ToolContent, EmbeddedResource, ContentResult } from './core/content.js';
export type { PromptDef, PromptArgument, PromptContext, PromptMessage, PromptSource, PromptsInput } from './core/prompt.js';
export type {
  ClientAccess,
  ClientAnswers,
  ClientAsker,
  ClientRequest,
  ClientRoot,
  ElicitField,
  ElicitResult,
  ElicitSchema,
  SampleMessage,
  SampleRequest,
  SampleResult,
} from './core/client-input.js';
export { ClientInputUnavailableError, MissingClientCapabilityError } from './core/client-input.js';
export type { Completer, CompletionSource } from './core/completion.js';
export { completeValues, MAX_COMPLETION_VALUES } from './core/completion.js';
export type { ResourceBody, ResourceDef, FixedResourceDef, ResourceTemplateDef, ResourceReadContext } from './core/resource.js';
export { defineResource, isResourceTemplate } from './core/resource.js';
export { definePrompt, currentPrompts, getPromptMessages } from './core/prompt.js';
export { textContent, imageContent, audioContent, resourceContent, contentResult, isContentResult } from './core/content.js';
export type { DefinitionProblem } from './core/definition-problems.js';
export { definitionProblems } from './core/definition-problems.js';
export type { InputSchema, PropertySchema } from './core/input-schema.js';
export { inputSchemaOfTool, toInputSchema } from './core/input-schema.js';
export type {
  OutputDef,
  OutputFieldDef,
  OutputFieldType,
  OutputFieldValue,
  OutputReturn,
  OutputSpec,
  ResolvedOutput,
} from './core/output.js';
export { OUTPUT_FIELD_TYPES } from './core/output.js';
export type { OutputSchema } from './core/output-schema.js';
export { outputSchemaOfTool, toOutputSchema } from './core/output-schema.js';
export { outputProblems } from './core/output-problems.js';
export type { OutputCheck } from './core/check-output.js';
export { checkOutput } from './core/check-output.js';
export type { ArgIssue, ParseArgsResult } from './core/parse-args.js';
export { parseArgs } from './core/parse-args.js';
export { ToolDefinitionError, DuplicateToolError, UnknownToolError, ApprovalRequiredError } from './core/errors.js';
export { closeMatches } from './core/suggest.js';
export type { Registry, Tier, Selection } from './registry/registry.js';
export { createRegistry } from './registry/registry.js';
export type { StepBudget } from './runtime/step-budget.js';
export { createStepBudget, STEP_WARNING_THRESHOLD, stepWarningThreshold } from './runtime/step-budget.js';
export type { JsonSafeResult, Truncation } from './runtime/json-safe.js';
export { toJsonSafe, PartialText, DEFAULT_MAX_RESULT_BYTES } from './runtime/json-safe.js';
export { capContent, contentBytes, contentSummary, DEFAULT_MAX_CONTENT_BYTES } from './runtime/content-caps.js';
export type { PipelineOptions, CallContext, ToolResult } from './runtime/run-tool.js';
export type { SuccessResult } from './runtime/success-result.js';
export { runTool } from './runtime/run-tool.js';
export type { ApprovalPolicy, NeedsApproval, NeedsApprovalContext, NeedsApprovalFunction } from './core/approval.js';
export { isDestructive, isReadOnly } from './core/approval.js';
export type { UnmatchedApprovalRule } from './core/approval-match.js';
export { unmatchedApprovalRules } from './core/approval-match.js';
export type {
  ApprovalDecision,
  ApprovalOutcome,
  ApprovalPolicies,
  ApprovalRequest,
  ApprovalSettled,
  ApprovalVerdict,
  Approver,
  DenialKind,
} from './runtime/approval.js';
export type { CallReportSinks, CallReports } from './runtime/call-context.js';
export { createToolCallContext, LOG_DATA_MAX_BYTES } from './runtime/call-context.js';
export type { ToolLogEntry, DebugLog } from './runtime/tool-log.js';
export type { AfterExecuteHook, HookErrorReport } from './runtime/hook-error.js';
export { buildDebugLog } from './runtime/tool-log.js';
export type { SearchableTool, SearchHit, SearchResult, SearchToolsOptions } from './runtime/search-tools.js';
export { searchTools, DEFAULT_SEARCH_LIMIT, MAX_QUERY_LENGTH } from './runtime/search-tools.js';
export { SEARCH_TOOLS_NAME, SEARCH_TOOLS_LISTING, SEARCH_TOOLS_MAX_LIMIT } from './core/search-tools-listing.js';
export type { ToolSource, ToolsInput } from './runtime/tool-source.js';
export { isToolSource, currentTools } from './runtime/tool-source.js';
