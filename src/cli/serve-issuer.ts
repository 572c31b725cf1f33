/** `serve --http --issuer`: the OAuth resource-server side of MCP authorization (JWT checks and discovery documents). */

import {
  getOAuthProtectedResourceMetadataUrl,
  OAuthError,
  OAuthErrorCode,
  oauthMetadataResponse,
  requireBearerAuth,
  buildOAuthProtectedResourceMetadata,
  type AuthInfo,
  type AuthMetadataOptions,
  type OAuthMetadata,
} from '@modelcontextprotocol/server';
import { ConfigError } from '../shared/errors.js';

/** The root form of the RFC 9728 well-known location (MCP authorization spec 2025-11-25: servers may serve either form). */
const PRM_ROOT = '/.well-known/oauth-protected-resource';

/**
 * Asymmetric JWS algorithms accepted on an access token (RFC 7518 §3.1, RFC 8037): a key in a
 * published JWKS verifies them; an HMAC token would need a shared secret, which a JWKS never holds.
 */
export const ACCEPTED_JWT_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
];

/** The clock skew allowed on `exp` and `nbf` between the authorization server and this one, in seconds. */
export const CLOCK_TOLERANCE_S = 30;

/** What `serve --http --issuer` answers with: the gate in front of `/mcp` and the discovery documents. */
export interface IssuerAuth {
  /** Admits a request carrying a JWT access token of the issuer for this resource, or answers 401 with a challenge. */
  gate: (request: Request) => Promise<AuthInfo | Response>;
  /** The RFC 9728 and RFC 8414 documents for a request to a well-known path, else undefined. */
  metadata: (request: Request) => Response | undefined;
  /** Where the protected-resource metadata is (`resource_metadata` of the challenge). */
  resourceMetadataUrl: string;
  /** The authorization server's metadata as discovered. */
  server: OAuthMetadata;
}

/**
 * The OAuth resource-server side of the MCP authorization spec (2025-11-25 and 2026-07-28,
 * basic/authorization) for `serve --http --issuer <url>`:
 *
 * - discovers the authorization server's metadata at start (RFC 8414, then OpenID Connect
 *   Discovery; its `issuer` must equal `issuer` exactly, RFC 8414 §3.3) and needs its `jwks_uri`;
 * - publishes the protected-resource metadata (RFC 9728) at the path-suffixed well-known URL
 *   (`/.well-known/oauth-protected-resource/mcp`) and at the root form, naming `resource` and
 *   the issuer, plus a mirror of the server's metadata at `/.well-known/oauth-authorization-server`
 *   (the MCP SDK's `oauthMetadataResponse`);
 * - admits a request only with a JWT access token signed by a key of the issuer's JWKS (one of
 *   {@link ACCEPTED_JWT_ALGORITHMS}), whose `iss` is the issuer, whose `aud` holds `resource`
 *   (tokens meant for another server are refused: "MCP servers MUST validate that access tokens
 *   were issued specifically for them") and whose `exp` has not passed ({@link CLOCK_TOLERANCE_S}
 *   of skew). Anything else gets the SDK's 401 `invalid_token` with
 *   `WWW-Authenticate: Bearer ... resource_metadata="<url>"` (RFC 9728 §5.1).
 *
 * JWT verification is `jose` (loaded here only). Scopes come from the `scope` claim (space
 * separated, RFC 9068 §2.2.3) or an `scp` array; the client is `client_id`, else `azp`, else `sub`.
 *
 * Discovery runs once, before listening; the returned function then builds the gate for
 * `resource`, this server's canonical URL as clients reach it (RFC 8707), the tokens' audience.
 *
 * @param issuer the authorization server's issuer URL (HTTPS; http only on localhost/127.0.0.1).
 * @throws {ConfigError} for an issuer that is not a URL or not HTTPS, has a query or fragment,
 *   cannot be discovered, names another issuer, or publishes no `jwks_uri`.
 */
export async function issuerAuth(issuer: string, fetchFn: typeof fetch = fetch): Promise<(resource: URL) => IssuerAuth> {
  flagUrl(issuer, '--issuer');
  try {
    // the SDK's own issuer rule (HTTPS outside localhost, no query, no fragment), before anything is fetched from it
    buildOAuthProtectedResourceMetadata({ oauthMetadata: { issuer } as OAuthMetadata, resourceServerUrl: new URL('http://127.0.0.1/') });
  } catch (err) {
    throw new ConfigError(`--issuer ${issuer}: ${(err as Error).message}`);
  }
  const server = await discover(issuer, fetchFn);
  if (typeof server.jwks_uri !== 'string')
    throw new ConfigError(`--issuer ${issuer}: its metadata has no jwks_uri; serve verifies JWT access tokens with the issuer's keys`);
  const { createRemoteJWKSet, jwtVerify, errors } = await import('jose');
  const keys = createRemoteJWKSet(new URL(server.jwks_uri));
  return (resource) => {
    const options: AuthMetadataOptions = { oauthMetadata: server, resourceServerUrl: resource, resourceName: 'agent-tools serve' };
    const resourceMetadataUrl = getOAuthProtectedResourceMetadataUrl(resource);
    const suffixed = new URL(resourceMetadataUrl).pathname;
    const verifyAccessToken = async (token: string): Promise<AuthInfo> => {
      try {
        const { payload } = await jwtVerify(token, keys, {
          issuer,
          audience: resource.href,
          algorithms: ACCEPTED_JWT_ALGORITHMS,
          requiredClaims: ['exp'],
          clockTolerance: CLOCK_TOLERANCE_S,
        });
        const scopes =
          typeof payload.scope === 'string'
            ? payload.scope.split(' ').filter(Boolean)
            : Array.isArray(payload.scp)
              ? payload.scp.map(String)
              : [];
        const clientId = [payload.client_id, payload.azp, payload.sub].find((v): v is string => typeof v === 'string') ?? 'unknown';
        return { token, clientId, scopes, expiresAt: payload.exp!, resource };
      } catch (err) {
        // a key set that cannot be fetched is the server's failure (500), not the caller's token
        if (err instanceof errors.JOSEError && !(err instanceof errors.JWKSTimeout) && !(err instanceof errors.JWKSInvalid))
          throw new OAuthError(OAuthErrorCode.InvalidToken, `the access token was refused: ${err.message}`);
        throw err;
      }
    };
    return {
      gate: requireBearerAuth({ verifier: { verifyAccessToken }, resourceMetadataUrl }),
      metadata: (request) => {
        const path = new URL(request.url).pathname.replace(/(.)\/$/, '$1');
        // the root form answers the same document as the path-suffixed one the SDK serves
        const asked = path === PRM_ROOT ? new Request(new URL(suffixed, request.url), request) : request;
        return oauthMetadataResponse(asked, options);
      },
      resourceMetadataUrl,
      server,
    };
  };
}

/**
 * The URL a flag names.
 *
 * @throws {ConfigError} naming the flag when `text` is not an absolute URL.
 */
export function flagUrl(text: string, flag: string): URL {
  try {
    return new URL(text);
  } catch {
    throw new ConfigError(`${flag}: expected a URL such as https://example.com/mcp, received "${text}"`);
  }
}

/** The authorization server's metadata (RFC 8414, else OpenID Connect Discovery), by the MCP client SDK's own discovery. */
async function discover(issuer: string, fetchFn: typeof fetch): Promise<OAuthMetadata> {
  const { discoverAuthorizationServerMetadata } = await import('@modelcontextprotocol/client');
  let found: Awaited<ReturnType<typeof discoverAuthorizationServerMetadata>>;
  try {
    found = await discoverAuthorizationServerMetadata(issuer, { fetchFn });
  } catch (err) {
    throw new ConfigError(`--issuer ${issuer}: cannot read its metadata: ${(err as Error).message}`);
  }
  if (found === undefined)
    throw new ConfigError(
      `--issuer ${issuer}: no metadata found (neither /.well-known/oauth-authorization-server nor /.well-known/openid-configuration)`,
    );
  return found;
}
