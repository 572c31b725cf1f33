/** A string as one POSIX shell word, for commands the CLI prints or writes for a user to run. */

/**
 * `word` as one POSIX shell word: as it is when plainly safe (letters, digits and `@%+=:,./-_`),
 * else single-quoted (a `'` inside becomes `'\''`); a leading `-` gets `./` so a path is never
 * read as a flag.
 */
export function shellWord(word: string): string {
  const w = word.startsWith('-') ? `./${word}` : word;
  return /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replaceAll("'", `'\\''`)}'`;
}
