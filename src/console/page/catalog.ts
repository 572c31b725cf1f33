/** The Catalog section: tools by tier, each tier's token cost, and validate's findings. */

import { get } from './api.js';
import type { CatalogResponse } from './api-types.js';
import { announce, count, h } from './dom.js';

type Loaded = Exclude<CatalogResponse, { toolbox: null }>;

/** One bar per tier, its width proportional to the tier's token cost; the number is also text. */
function tierBars(data: Loaded): HTMLElement {
  const max = Math.max(1, ...data.tiers.map((t) => t.tokens));
  return h(
    'div',
    { class: 'bars', role: 'list', 'aria-label': 'Token cost of each tier' },
    data.tiers.map((t) => {
      const bar = h('div', { class: 'bar', 'aria-hidden': 'true' });
      // Set through the CSSOM: the page's CSP allows that, not a style attribute.
      bar.style.width = `${(100 * t.tokens) / max}%`;
      return h(
        'div',
        { role: 'listitem', class: 'bar-row', 'data-tier': t.tier },
        h('span', {}, `${t.tier} (${count(t.tools.length, 'tool')})`),
        bar,
        h('span', {}, count(t.tokens, 'token')),
      );
    }),
  );
}

function findingsTable(data: Loaded): HTMLElement {
  if (data.findings.length === 0)
    return h(
      'p',
      { 'data-testid': 'catalog-clean' },
      `validate: no findings in ${count(data.summary.files, 'file')} (${data.profile} profile, ${data.durationMs} ms).`,
    );
  return h(
    'table',
    { 'aria-label': 'Findings of validate' },
    h(
      'caption',
      {},
      `validate: ${count(data.summary.errors, 'error')}, ${count(data.summary.warnings, 'warning')} in ${count(data.summary.files, 'file')} (${data.profile} profile, ${data.durationMs} ms)`,
    ),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Severity'),
        h('th', { scope: 'col' }, 'Where'),
        h('th', { scope: 'col' }, 'Check'),
        h('th', { scope: 'col' }, 'Message'),
      ),
    ),
    h(
      'tbody',
      {},
      data.findings.map((f) =>
        h(
          'tr',
          {},
          h('td', { class: f.severity === 'error' ? 'sev-error' : 'sev-warn' }, f.severity === 'error' ? 'error' : 'warning'),
          h('td', {}, h('code', {}, `${f.file}:${f.line}:${f.column}`)),
          h('td', {}, h('code', {}, f.checkId)),
          h('td', {}, f.message),
        ),
      ),
    ),
  );
}

/** The Catalog section: the toolbox's tools by tier, the token cost of each tier as bars, and validate's findings. */
export async function renderCatalog(main: HTMLElement): Promise<void> {
  main.append(h('h2', {}, 'Catalog'));
  const body = h('div', { 'aria-live': 'polite', 'aria-busy': 'true' }, h('p', { class: 'muted' }, 'Running validate on the toolbox…'));
  main.append(body);
  const load = async (refresh: boolean) => {
    body.setAttribute('aria-busy', 'true');
    let data: CatalogResponse;
    try {
      data = await get<CatalogResponse>(`/api/catalog${refresh ? '?refresh=1' : ''}`);
    } catch (err) {
      body.replaceChildren(h('p', { class: 'error' }, (err as Error).message));
      return;
    } finally {
      body.setAttribute('aria-busy', 'false');
    }
    if (data.toolbox === null) {
      body.replaceChildren(
        h('p', { class: 'muted' }, 'No toolbox: start the console with --tools <module> to see its tiers and validate findings.'),
      );
      return;
    }
    const loaded = data;
    body.replaceChildren(
      h('p', {}, 'Toolbox ', h('code', {}, loaded.toolbox.module), ` · ${count(loaded.summary.tools, 'tool')}`),
      h('h3', {}, 'Token cost by tier'),
      tierBars(loaded),
      h('h3', {}, 'Tools by tier'),
      ...loaded.tiers.map((t) =>
        h(
          'details',
          { 'data-tier': t.tier },
          h('summary', {}, `${t.tier}: ${count(t.tools.length, 'tool')}`),
          h(
            'ul',
            {},
            t.tools.map((x) => h('li', {}, h('code', {}, x.name), ` — ${x.description}`)),
          ),
        ),
      ),
      h('h3', {}, 'Findings'),
      findingsTable(loaded),
      h('button', { type: 'button', onclick: () => void load(true).then(() => announce('validate ran again')) }, 'Run validate again'),
    );
  };
  await load(false);
}
