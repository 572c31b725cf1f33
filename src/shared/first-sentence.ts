/** The first sentence of a tool's description, for one line of text or a message built around it. */

const END = /[.!?。！？]$/u;

/**
 * The first sentence of `text`: up to the first `.`, `!` or `?` (or a CJK full stop) followed by
 * white space or the end, with runs of white space (line breaks too) as one space. The whole text,
 * so collapsed, when it has no sentence end.
 */
export function firstSentence(text: string): string {
  const m = /^(.*?[.!?。！？])(\s|$)/su.exec(text.trim());
  return (m ? m[1]! : text.trim()).replace(/\s+/g, ' ');
}

/**
 * {@link firstSentence}, ending with a full stop when the text has none, so another sentence can
 * follow it (`Deletes a node forever` → `Deletes a node forever.`). Empty for an empty text.
 */
export function firstSentenceEnded(text: string): string {
  const s = firstSentence(text);
  return s === '' || END.test(s) ? s : `${s}.`;
}
