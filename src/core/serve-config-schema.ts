/** The zod schema of the `serve` key of `agent-tools.config.json`: issuer and resource URLs. */

import { z } from 'zod';

const url = (what: string) => z.url({ protocol: /^https?$/, error: `expected an http(s) URL: ${what}` }).optional();

/**
 * The `serve` key of `agent-tools.config.json`: `{ issuer?, resource? }`, what `serve --http
 * --issuer <url> --resource <url>` take (a flag wins over its key). `issuer` is the OAuth
 * authorization server whose JWT access tokens `serve --http` accepts; `resource` is the
 * server's public URL, the tokens' audience (RFC 8707). Unknown keys are errors. Validate
 * checks it with the rest of the file; `serve` reads it.
 */
export const serveConfigSchema = z.strictObject({
  issuer: url('the authorization server whose tokens serve --http accepts'),
  resource: url("this server's public URL, the tokens' audience"),
});
