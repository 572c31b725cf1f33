/**
 * The canvas toolbox's schema layer: every tool file imports `defineTool` from here, so
 * the toolbox depends on agent-tools in exactly one place.
 */
export { defineTool, contentResult, imageContent } from 'agent-tools';
export type { ParamDef, ParamsDef, ToolDef, AnyToolDef } from 'agent-tools';
export type { CanvasApi, CanvasNode } from '../canvas/types.js';
