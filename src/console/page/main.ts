/** The console page's entry: its sections, navigation between them and the token. */

import { get, setToken, takeToken } from './api.js';
import type { ConsoleInfo } from './api-types.js';
import { h } from './dom.js';
import { renderCatalog } from './catalog.js';
import { renderInstall } from './install.js';
import { renderRouter } from './router.js';
import { renderSkills } from './skills.js';
import { renderTryIt } from './try-it.js';

/** A section renders into `main` and may return a function that stops what it started (timers). */
type Section = { id: string; title: string; render: (main: HTMLElement) => void | (() => void) | Promise<void | (() => void)> };

const SECTIONS: Section[] = [
  { id: 'skills', title: 'Skills', render: renderSkills },
  { id: 'install', title: 'Install / remove', render: renderInstall },
  { id: 'try', title: 'Try it', render: renderTryIt },
  { id: 'router', title: 'Router', render: renderRouter },
  { id: 'catalog', title: 'Catalog', render: renderCatalog },
];

let stop: (() => void) | void;
let shown = 0;

async function show(): Promise<void> {
  const mine = ++shown;
  // `#try?tool=<id>` opens Try it on one tool.
  const id = location.hash.slice(1).split('?')[0] || 'skills';
  const section = SECTIONS.find((s) => s.id === id) ?? SECTIONS[0]!;
  for (const a of document.querySelectorAll<HTMLAnchorElement>('#nav a')) {
    if (a.hash === `#${section.id}`) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  stop?.();
  stop = undefined;
  // Each showing renders into its own element: a section still loading when the user moves on
  // finishes into a detached element, never into the section shown now.
  const area = h('div', { 'data-section': section.id });
  document.getElementById('main')!.replaceChildren(area);
  document.title = `${section.title} · agent-tools console`;
  const stopThis = await section.render(area);
  if (mine === shown) stop = stopThis;
  else stopThis?.();
}

function start(): void {
  const token = takeToken();
  const main = document.getElementById('main')!;
  if (!token) {
    main.replaceChildren(
      h('p', { class: 'error' }, 'No access token. Open the URL that "agent-tools console" printed: it holds the token for this launch.'),
    );
    return;
  }
  setToken(token);
  // Every section reads the same store (and toolbox), so the header names them once, for the whole page.
  const line = document.getElementById('store-line')!;
  get<ConsoleInfo>('/api/console').then(
    (info) => (line.textContent = `Skill store: ${info.store}${info.toolbox ? ` · Toolbox: ${info.toolbox}` : ''}`),
    (err: Error) => (line.textContent = `Cannot reach the console server: ${err.message}`),
  );
  document.getElementById('nav')!.replaceChildren(...SECTIONS.map((s) => h('li', {}, h('a', { href: `#${s.id}` }, s.title))));
  window.addEventListener('hashchange', () => {
    void show().then(() => document.getElementById('main')!.focus());
  });
  void show();
}

start();
