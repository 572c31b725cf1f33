/** Which AI SDK major (5, 6 or 7) is installed, read from what each major's namespace exports. */

/**
 * The AI SDK majors the `agent-tools/ai` adapter works with (the `ai` peer range says the same).
 * - 5: tools without `title`, `strict` or `inputExamples`; `toModelOutput(output)`; media parts as `{ type: 'media' }`.
 * - 6: `title`, per-tool `strict`; `toModelOutput({ output })`; media parts as `image-data` / `file-data`.
 * - 7: as 6, with media parts as `{ type: 'file', data: { type: 'data', data } }` (the `*-data` forms are deprecated there).
 */
export type AIMajor = 5 | 6 | 7;

/**
 * Which AI SDK major `mod` (the namespace of the installed `ai` package) is. The package exports
 * no version, so this reads what each major added or removed: `ToolLoopAgent` arrived in ai 6.0.0,
 * `experimental_generateImage` left in ai 7.0.0 (checked on 5.0.0, 6.0.0, 7.0.0 and the latest of each).
 */
export function aiMajorOf(mod: object): AIMajor {
  if (!('ToolLoopAgent' in mod)) return 5;
  return 'experimental_generateImage' in mod ? 6 : 7;
}
