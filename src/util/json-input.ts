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

/**
 * Finds the offset of the first syntax error in `text`, with what was expected there; with
 * `uniqueKeys`, also the first key given twice in one object.
 */
function firstError(text: string, uniqueKeys = false): { at: number; problem: string } | undefined {
  let i = 0;
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
        if (uniqueKeys) {
          const key = JSON.parse(text.slice(start, i)) as string;
          if (keys.has(key)) {
            i = start;
            throw { at: start, problem: `the key ${JSON.stringify(key)} is given twice in one object (only the last would count)` };
          }
          keys.add(key);
        }
        ws();
        if (text[i] !== ':') fail("':'");
        i++;
        value();
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
      for (;;) {
        value();
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
