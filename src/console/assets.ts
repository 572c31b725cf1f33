/** The console page's routes: the page shell and its CSS and compiled scripts, nothing fetched from elsewhere. */

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { CONSOLE_CSS } from './style.js';

/**
 * The page's compiled scripts: `dist/console/page/` of this package, built by `npm run build`
 * (and so before publishing). Two levels up from this module is the package root, both from
 * `src/console/` (tests) and from `dist/console/`.
 */
export const PAGE_DIR = fileURLToPath(new URL('../../dist/console/page/', import.meta.url));

const SHELL = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>agent-tools console</title>
<link rel="stylesheet" href="/assets/console.css">
<script type="module" src="/assets/main.js"></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header><h1>agent-tools console</h1><p id="store-line" class="muted"></p></header>
<nav aria-label="Sections"><ul id="nav"></ul></nav>
<main id="main" tabindex="-1"><noscript>The console needs JavaScript.</noscript></main>
<div id="status" role="status" aria-live="polite"></div>
</body>
</html>
`;

/** `/` (the page shell, no secrets in it) and `/assets/*` (its CSS and compiled modules). Nothing is fetched from elsewhere. */
export function assetRoutes(): Hono {
  const app = new Hono();
  app.get('/', (c) => c.html(SHELL));
  app.get('/favicon.ico', (c) => c.body(null, 204));
  app.get('/assets/console.css', (c) => c.body(CONSOLE_CSS, 200, { 'content-type': 'text/css; charset=utf-8' }));
  app.get('/assets/:file{[a-z0-9-]+\\.js}', (c) => {
    const file = `${PAGE_DIR}${c.req.param('file')}`;
    if (!existsSync(file)) return c.text(`${c.req.param('file')} is not built: run npm run build`, 404);
    return c.body(readFileSync(file, 'utf8'), 200, { 'content-type': 'text/javascript; charset=utf-8' });
  });
  return app;
}
