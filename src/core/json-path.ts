// Formats a path into a JSON document as a JSON path (`$.params["odd key"][3]`).

const IDENT = /^[A-Za-z_$][\w$]*$/;

/**
 * Formats a path into a JSON document as a JSON path: `$`, then `.key` for an identifier,
 * `["odd key"]` for any other key, `[3]` for an array index. Examples: `$`,
 * `$[0].params.weight`, `$.params["font-size"]`, `$.triggers[1]`.
 */
export function jsonPath(segments: readonly PropertyKey[]): string {
  return (
    '$' +
    segments
      .map((s) => (typeof s === 'number' ? `[${s}]` : IDENT.test(String(s)) ? `.${String(s)}` : `[${JSON.stringify(String(s))}]`))
      .join('')
  );
}
