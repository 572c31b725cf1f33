/** How `serve --http` admits callers: a bearer token (file, variable or generated) or an authorization server's JWTs. */

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { OAuthError, OAuthErrorCode, requireBearerAuth, type AuthInfo } from '@modelcontextprotocol/server';
import { ConfigError, UsageError } from '../shared/errors.js';
import type { HttpAuth } from './serve-http.js';
import { loadServeConfig } from './serve-config.js';

/** The variable that gives `serve --http` its bearer token when `--token-file` does not. */
export const SERVE_TOKEN_ENV = 'AGENT_TOOLS_SERVE_TOKEN';

/** The fewest characters a configured token may have: a shorter one is guessable by a local caller. */
export const MIN_TOKEN_LENGTH = 16;

/**
 * How `serve --http` admits callers: a bearer token (from `--token-file`, from
 * {@link SERVE_TOKEN_ENV}, or generated for this launch), the access tokens of an OAuth
 * authorization server (`--issuer`), or nobody is asked (`--no-auth`). `admit` builds the gate
 * once the endpoint's URL is known (absent for `--no-auth`).
 */
export type ServeAuth = (
  | { token: string; from: 'token-file' | 'env' | 'generated' }
  | { token: undefined; from: 'no-auth' }
  | { token: undefined; from: 'issuer'; issuer: string; resource?: string }
) & { admit?: (endpoint: URL) => HttpAuth };

/** The flags of `serve --http` that choose how callers are admitted. */
export interface ServeAuthFlags {
  tokenFile?: string;
  /** false with --no-auth. */
  auth?: boolean;
  issuer?: string;
  resource?: string;
}

/**
 * How `serve --http` admits callers. `--issuer` (else the configuration's `serve.issuer`): the
 * JWT access tokens of that authorization server for `--resource` (else `serve.resource`, else
 * the local endpoint URL), see `issuerAuth`. Otherwise a bearer token: `--token-file` wins over
 * {@link SERVE_TOKEN_ENV}; without either a random token (32 bytes, base64url, 43 characters) is
 * made for this launch; a file's text is trimmed of surrounding white space. `auth: false` is
 * `--no-auth`. A flag wins over a configuration key: `--no-auth` or `--token-file` on the
 * command line set a configured issuer aside.
 *
 * @param dir the folder whose `agent-tools.config.json` (or package.json `agentTools`) is read.
 * @throws {UsageError} for two flags that contradict each other, or `--resource` without an issuer.
 * @throws {ConfigError} for a token file that cannot be read, a token shorter than
 *   {@link MIN_TOKEN_LENGTH} characters or holding white space or control characters, a bad
 *   `serve` configuration key, a resource that is not an http(s) URL without fragment, or an
 *   issuer that cannot be used (see `issuerAuth`).
 */
export async function serveAuth(flags: ServeAuthFlags, dir: string, env: NodeJS.ProcessEnv = process.env): Promise<ServeAuth> {
  const chosen = [flags.auth === false && '--no-auth', flags.tokenFile !== undefined && '--token-file', flags.issuer && '--issuer'];
  const given = chosen.filter((f): f is string => typeof f === 'string');
  if (given.length > 1) throw new UsageError(`${given.join(' and ')} contradict each other: give one`, 'serve');
  const config = given.length > 0 && flags.issuer === undefined ? {} : loadServeConfig(dir);
  const issuer = flags.issuer ?? config.issuer;
  const resource = flags.resource ?? (flags.issuer === undefined && config.issuer === undefined ? undefined : config.resource);
  if (flags.resource !== undefined && issuer === undefined)
    throw new UsageError(
      "--resource names the audience of an issuer's tokens: give --issuer too (or serve.issuer in agent-tools.config.json)",
      'serve',
    );
  if (issuer !== undefined) {
    const { issuerAuth, flagUrl } = await import('./serve-issuer.js');
    const fixed = resource === undefined ? undefined : canonicalResource(flagUrl(resource, '--resource'));
    const forResource = await issuerAuth(issuer);
    return {
      token: undefined,
      from: 'issuer',
      issuer,
      ...(fixed ? { resource: fixed.href } : {}),
      admit: (endpoint) => {
        const made = forResource(fixed ?? endpoint);
        return { gate: made.gate, routes: made.metadata, ...(fixed ? { hosts: [fixed.host] } : {}) };
      },
    };
  }
  if (flags.auth === false) return { token: undefined, from: 'no-auth' };
  const admitToken = (token: string) => () => ({ gate: staticTokenGate(token) });
  if (flags.tokenFile !== undefined) {
    let text: string;
    try {
      text = readFileSync(flags.tokenFile, 'utf8');
    } catch (err) {
      throw new ConfigError(`--token-file ${flags.tokenFile}: cannot read it: ${(err as Error).message}`);
    }
    const token = checked(text.trim(), `--token-file ${flags.tokenFile}`);
    return { token, from: 'token-file', admit: admitToken(token) };
  }
  const fromEnv = env[SERVE_TOKEN_ENV];
  if (fromEnv !== undefined && fromEnv !== '') {
    const token = checked(fromEnv, SERVE_TOKEN_ENV);
    return { token, from: 'env', admit: admitToken(token) };
  }
  const token = randomBytes(32).toString('base64url');
  return { token, from: 'generated', admit: admitToken(token) };
}

/**
 * The resource identifier as RFC 8707 §2 wants it: an absolute http(s) URI without fragment.
 *
 * @throws {ConfigError} otherwise.
 */
function canonicalResource(url: URL): URL {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError(`--resource ${url.href}: expected an http(s) URL`);
  if (url.hash) throw new ConfigError(`--resource ${url.href}: a resource URL has no fragment (RFC 8707 §2)`);
  return url;
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
