/** Where a user of the installed package finds a docs page: its path in their project (the tarball ships docs/*.md). */

/** The docs pages' folder in a project that installed agent-tools (package.json `files` ships `docs/*.md`). */
export const INSTALLED_DOCS = 'node_modules/agent-tools/docs';

/**
 * The path of the docs page `page` (e.g. `approval.md`) as a user's project sees it, for CLI
 * messages, help texts and check texts: a path from the package root names nothing outside a clone.
 */
export function docsPage(page: `${string}.md`): string {
  return `${INSTALLED_DOCS}/${page}`;
}
