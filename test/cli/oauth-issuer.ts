/** A small OAuth authorization server on 127.0.0.1 for the tests: metadata, a JWKS and a token endpoint. */

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload, type CryptoKey } from 'jose';

/** A pre-registered client of the test issuer (client_credentials, client_secret_basic). */
export const CLIENT = { id: 'test-m2m-client', secret: 'test-m2m-secret-0123456789' };

/** What a test asks the issuer to put into a token it mints by hand. */
export interface MintOptions {
  aud?: string | string[];
  iss?: string;
  /** Seconds from now (negative: expired). */
  expiresIn?: number;
  /** Sign with a key the JWKS does not hold, under the JWKS key's kid. */
  foreignKey?: boolean;
  scope?: string;
  omitExp?: boolean;
}

/**
 * A small OAuth authorization server on 127.0.0.1 for tests: RFC 8414 metadata, a JWKS with one
 * RS256 key made at start, and a token endpoint for the client_credentials grant (RFC 6749
 * §4.4) that puts the `resource` parameter (RFC 8707) into `aud`. `mint` signs any token a test
 * wants; `tokenRequests` records what the token endpoint was asked.
 */
export interface TestIssuer {
  issuer: string;
  mint(options?: MintOptions): Promise<string>;
  tokenRequests: URLSearchParams[];
  close(): Promise<void>;
}

/** Starts a {@link TestIssuer} on a free port of 127.0.0.1. */
export async function startIssuer(): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const foreign = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const tokenRequests: URLSearchParams[] = [];
  let issuer = '';
  const sign = (claims: JWTPayload, key: CryptoKey, expiresIn: number | undefined) => {
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'at+jwt' }).setIssuedAt();
    if (expiresIn !== undefined) jwt.setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn);
    return jwt.sign(key);
  };
  const server: Server = createServer((req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const path = new URL(req.url ?? '/', issuer).pathname;
    if (req.method === 'GET' && path === '/.well-known/oauth-authorization-server')
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        grant_types_supported: ['client_credentials'],
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
      });
    if (req.method === 'GET' && path === '/jwks') return json(200, { keys: [jwk] });
    if (req.method === 'POST' && path === '/token') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        tokenRequests.push(form);
        const basic = Buffer.from(`${encodeURIComponent(CLIENT.id)}:${encodeURIComponent(CLIENT.secret)}`).toString('base64');
        if (req.headers.authorization !== `Basic ${basic}`) return json(401, { error: 'invalid_client' });
        if (form.get('grant_type') !== 'client_credentials') return json(400, { error: 'unsupported_grant_type' });
        const resource = form.get('resource');
        if (!resource) return json(400, { error: 'invalid_target', error_description: 'resource is required' });
        void sign(
          { iss: issuer, aud: resource, sub: CLIENT.id, client_id: CLIENT.id, scope: form.get('scope') ?? 'mcp' },
          privateKey,
          3600,
        ).then((token) => json(200, { access_token: token, token_type: 'Bearer', expires_in: 3600 }));
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    tokenRequests,
    mint: (o = {}) =>
      sign(
        { iss: o.iss ?? issuer, ...(o.aud === undefined ? {} : { aud: o.aud }), sub: 'tester', scope: o.scope ?? 'mcp' },
        o.foreignKey ? foreign : privateKey,
        o.omitExp ? undefined : (o.expiresIn ?? 600),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
