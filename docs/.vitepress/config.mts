import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitepress';

const docs = new URL('..', import.meta.url).pathname;

/** Every page under docs/, titled by its first heading, so a new page joins the sidebar without editing this file. */
function pages(): { text: string; link: string }[] {
  return readdirSync(docs)
    .filter((f) => f.endsWith('.md') && f !== 'index.md')
    .sort()
    .map((f) => {
      const title = /^#\s+(.+)$/m.exec(readFileSync(docs + f, 'utf8'))?.[1] ?? f;
      return { text: title.replace(/`/g, ''), link: '/' + f.replace(/\.md$/, '') };
    });
}

// Offline: local search (no Algolia), no external fonts or CDN assets.
export default defineConfig({
  title: 'agent-tools',
  description: 'Define an LLM agent tool once; use it in the AI SDK, an MCP server and a CLI.',
  cleanUrls: true,
  lastUpdated: false,
  srcExclude: ['**/node_modules/**'],
  // Links out of docs/ (to the README, the source, the examples) are for readers on GitHub; test/docs/links.test.ts checks every link.
  ignoreDeadLinks: [(url) => url.includes("../")],
  themeConfig: {
    search: { provider: 'local' },
    sidebar: [{ text: 'Pages', items: pages() }],
    outline: [2, 3],
  },
  vite: { logLevel: 'warn' },
});
