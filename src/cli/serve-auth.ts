import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { OAuthError, OAuthErrorCode, requireBearerAuth, type AuthInfo } from '@modelcontextprotocol/server';
import { ConfigError, UsageError } from '../shared/errors.js';

/** The variable that gives `serve --http` its bearer token when `--token-file` does not. */
export const SERVE_TOKEN_ENV = 'AGENT_TOOLS_SERVE_TOKEN';

/** The fewest characters a configured token may have: a shorter one is guessable by a local caller. */
export const MIN_TOKEN_LENGTH = 16;

/**
 * How `serve --http` admits callers: a bearer token (from `--token-file`, from
 * {@link SERVE_TOKEN_ENV}, or generated for this launch), or nobody is asked (`--no-auth`).
 */
export type ServeAuth = { token: string; from: 'token-file' | 'env' | 'generated' } | { token: undefined; from: 'no-auth' };

/**
 * The token `serve --http` asks for. `--token-file` wins over {@link SERVE_TOKEN_ENV}; without
 * either a random token (32 bytes, base64url, 43 characters) is made for this launch. A file's
 * text is trimmed of surrounding white space. `auth: false` is `--no-auth`.
 *
 * @throws {UsageError} for `--no-auth` together with `--token-file`.
 * @throws {ConfigError} for a token file that cannot be read, or a token shorter than
 *   {@link MIN_TOKEN_LENGTH} characters or holding white space or control characters.
 */
export function serveAuth(flags: { tokenFile?: string; auth?: boolean }, env: NodeJS.ProcessEnv = process.env): ServeAuth {
  if (flags.auth === false) {
    if (flags.tokenFile !== undefined) throw new UsageError('--no-auth and --token-file contradict each other: give one', 'serve');
    return { token: undefined, from: 'no-auth' };
  }
  if (flags.tokenFile !== undefined) {
    let text: string;
    try {
      text = readFileSync(flags.tokenFile, 'utf8');
    } catch (err) {
      throw new ConfigError(`--token-file ${flags.tokenFile}: cannot read it: ${(err as Error).message}`);
    }
    return { token: checked(text.trim(), `--token-file ${flags.tokenFile}`), from: 'token-file' };
  }
  const fromEnv = env[SERVE_TOKEN_ENV];
  if (fromEnv !== undefined && fromEnv !== '') return { token: checked(fromEnv, SERVE_TOKEN_ENV), from: 'env' };
  return { token: randomBytes(32).toString('base64url'), from: 'generated' };
}

function checked(token: string, where: string): string {
  if (token.length < MIN_TOKEN_LENGTH)
    throw new ConfigError(
      `${where}: the token has ${token.length} characters; use at least ${MIN_TOKEN_LENGTH} (a short one is guessable)`,
    );
  if (/[\s\p{Cc}]/u.test(token)) throw new ConfigError(`${where}: the token holds white space or a control character`);
  return token;
}

/**
 * A gate for web-standard requests that admits only `Authorization: Bearer <token>`: the
 * verified caller, or the SDK's ready answer (401 `invalid_token` with a `WWW-Authenticate:
 * Bearer` challenge, RFC 6750 §3). Tokens are compared in constant time (over their SHA-256).
 */
export function staticTokenGate(token: string): (request: Request) => Promise<AuthInfo | Response> {
  const expected = digest(token);
  return requireBearerAuth({
    verifier: {
      verifyAccessToken: async (given) => {
        if (!timingSafeEqual(digest(given), expected))
          throw new OAuthError(OAuthErrorCode.InvalidToken, 'the bearer token is not the one this server asks for');
        // a launch's token never expires while the server runs; the SDK refuses a token without expiresAt
        return { token: given, clientId: 'agent-tools-serve', scopes: [], expiresAt: Math.floor(Date.now() / 1000) + 365 * 86_400 };
      },
    },
  });
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
