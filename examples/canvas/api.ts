import { createSampleCanvas } from './canvas/sample.js';
import type { CanvasApi } from './canvas/types.js';

let current: CanvasApi = createSampleCanvas();

/**
 * The canvas the adapters hand to every tool (`getApi` option of toolsToAI, createMcpServer and
 * the CLI). Starts as the sample card document (see `createSampleCanvas`); one per process.
 */
export function getApi(): CanvasApi {
  return current;
}

/** Replaces the canvas `getApi` returns (a demo or test starting from an empty document). */
export function useCanvas(api: CanvasApi): void {
  current = api;
}
