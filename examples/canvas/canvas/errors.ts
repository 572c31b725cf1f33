/**
 * A domain error of the canvas (an unknown id, a move that would create a cycle...). Tools
 * let it propagate; the agent-tools pipeline turns it into an error result the model reads.
 */
export class CanvasError extends Error {
  override readonly name = 'CanvasError';
}
