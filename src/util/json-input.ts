/** Parses JSON a user wrote, with 1-based line and column on errors and optionally refusing repeated keys. */

/** JSON that cannot be parsed: `line` and `column` are 1-based (column in UTF-16 code units, as editors count them for BMP text). */
export class JsonInputError extends Error {
  override readonly name = 'JsonInputError';
  constructor(
    readonly line: number,
    readonly column: number,
    readonly problem: string,
  ) {
    super(`line ${line}, column ${column}: ${problem}`);
  }
}

/** A JSON path as a list of keys and array indexes (`['approval', 'deny', 0]`). */
export type JsonPathParts = readonly (string | number)[];

/**
 * Finds the offset of the first syntax error in `text`, with what was expected there; with
 * `uniqueKeys`, also the first key given twice in one object. `onValue` is told the path and
 * offset of each value as it is reached.
 */
function firstError(
  text: string,
  uniqueKeys = false,
  onValue?: (path: JsonPathParts, at: number) => void,
): { at: number; problem: string } | undefined {
  let i = 0;
  const path: (string | number)[] = [];
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const found = () => (i >= text.length ? 'the end of the input' : JSON.stringify(String.fromCodePoint(text.codePointAt(i)!)));
  const fail = (expected: string): never => {
    throw { at: i, problem: `expected ${expected}, found ${found()}` };
  };
  const str = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text.charCodeAt(i) < 0x20) fail('a closing quote (a raw line break or control character cannot be inside a string; write \\n)');
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail('four hex digits after \\u');
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? 'x')) fail('an escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)');
      }
      i++;
    }
    if (i >= text.length) fail('a closing quote');
    i++;
  };
  const value = (): void => {
    ws();
    onValue?.(path, i);
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      const keys = new Set<string>();
      for (;;) {
        ws();
        if (text[i] !== '"') fail('a property name in double quotes');
        const start = i;
        str();
        const key = JSON.parse(text.slice(start, i)) as string;
        if (uniqueKeys) {
          if (keys.has(key)) {
            i = start;
            throw { at: start, problem: `the key ${JSON.stringify(key)} is given twice in one object (only the last would count)` };
          }
          keys.add(key);
        }
        ws();
        if (text[i] !== ':') fail("':'");
        i++;
        path.push(key);
        value();
        path.pop();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail("',' or '}'");
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (let index = 0; ; index++) {
        path.push(index);
        value();
        path.pop();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail("',' or ']'");
      }
    }
    if (c === '"') return str();
    const lit = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 400));
    if (!lit) fail('a value (object, array, string, number, true, false or null)');
    i += lit![0].length;
  };
  try {
    value();
    ws();
    if (i < text.length) fail('the end of the input');
  } catch (e) {
    if (e instanceof RangeError) return { at: i, problem: 'values nested too deeply' };
    return e as { at: number; problem: string };
  }
  return undefined;
}

/**
 * Parses JSON text (a leading UTF-8 BOM is ignored). With `uniqueKeys`, an object that gives
 * one key twice is refused: `JSON.parse` keeps the last silently, so a reader who sees the first
 * (a reviewer, a diff) and the program disagree on what the file says.
 *
 * @throws {JsonInputError} naming the 1-based line and column of the first syntax error
 *   and what was expected there, or (with `uniqueKeys`) of the repeated key and its name.
 */
export function parseJsonInput(text: string, options: { uniqueKeys?: boolean } = {}): unknown {
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (err) {
    throw errorAt(body, firstError(body) ?? { at: body.length, problem: err instanceof Error ? err.message : String(err) });
  }
  const duplicate = options.uniqueKeys ? firstError(body, true) : undefined;
  if (duplicate) throw errorAt(body, duplicate);
  return value;
}

function errorAt(body: string, e: { at: number; problem: string }): JsonInputError {
  const before = body.slice(0, e.at).split(/\r\n|\r|\n/);
  return new JsonInputError(before.length, before[before.length - 1]!.length + 1, e.problem);
}

/**
 * Where the value at `path` starts in the JSON `text` (the offset counts a leading BOM, the column does not, as editors show it):
 * its 0-based offset and 1-based line and column (UTF-16 code units), for a finding about one
 * entry of a file a user wrote; `undefined` when the text does not parse or has no such value.
 */
export function jsonValueAt(text: string, path: JsonPathParts): { offset: number; line: number; column: number } | undefined {
  const bom = text.startsWith('\ufeff') ? 1 : 0;
  const body = text.slice(bom);
  let found: number | undefined;
  const same = (p: JsonPathParts) => p.length === path.length && p.every((k, n) => k === path[n]);
  // the last match: JSON.parse keeps the last value of a key given twice
  if (firstError(body, false, (p, at) => (found = same(p) ? at : found)) || found === undefined) return undefined;
  const before = body.slice(0, found).split(/\r\n|\r|\n/);
  return { offset: found + bom, line: before.length, column: before[before.length - 1]!.length + 1 };
}

/**
 * `text` of a JSON-with-comments file (`tsconfig.json`, `.vscode/*.json`, `deno.jsonc`) as plain
 * JSON of the same length: each `// …` and `/* … *\/` comment outside a string, and each comma
 * that only white space and comments separate from a closing `}` or `]`, turned into spaces (line
 * breaks kept), so that every value stays at its offset, line and column for {@link jsonValueAt}.
 * Text that is not JSON stays not JSON.
 */
export function jsonWithoutComments(text: string): string {
  const out = text.split('');
  // the last comma seen outside strings and comments, until a value comes after it
  let comma = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      comma = -1;
      for (i++; i < text.length && text[i] !== '"' && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
    } else if (c === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) {
      const end = text[i + 1] === '/' ? text.indexOf('\n', i) : text.indexOf('*/', i + 2) + 2;
      const stop = end <= 1 ? text.length : end;
      for (let j = i; j < stop; j++) if (out[j] !== '\n' && out[j] !== '\r') out[j] = ' ';
      i = stop - 1;
    } else if (c === ',') comma = i;
    else if ((c === '}' || c === ']') && comma >= 0) {
      out[comma] = ' ';
      comma = -1;
    } else if (!/\s/.test(c)) comma = -1;
  }
  return out.join('');
}
