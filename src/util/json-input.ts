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

/** Finds the offset of the first syntax error in `text`, with what was expected there. */
function firstError(text: string): { at: number; problem: string } | undefined {
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
      for (;;) {
        ws();
        if (text[i] !== '"') fail('a property name in double quotes');
        str();
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
    return e as { at: number; problem: string };
  }
  return undefined;
}

/**
 * Parses JSON text (a leading UTF-8 BOM is ignored).
 *
 * @throws {JsonInputError} naming the 1-based line and column of the first syntax error
 *   and what was expected there.
 */
export function parseJsonInput(text: string): unknown {
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch (err) {
    const e = firstError(body) ?? { at: body.length, problem: err instanceof Error ? err.message : String(err) };
    const before = body.slice(0, e.at).split(/\r\n|\r|\n/);
    throw new JsonInputError(before.length, before[before.length - 1]!.length + 1, e.problem);
  }
}
