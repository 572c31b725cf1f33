/** The console page's entry: its sections, navigation between them and the token. */

import { setToken, takeToken } from './api.js';
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

async function show(): Promise<void> {
  const id = location.hash.slice(1) || 'skills';
  const section = SECTIONS.find((s) => s.id === id) ?? SECTIONS[0]!;
  for (const a of document.querySelectorAll<HTMLAnchorElement>('#nav a')) {
    if (a.hash === `#${section.id}`) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  stop?.();
  stop = undefined;
  const main = document.getElementById('main')!;
  main.replaceChildren();
  document.title = `${section.title} · agent-tools console`;
  stop = await section.render(main);
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
  document.getElementById('nav')!.replaceChildren(...SECTIONS.map((s) => h('li', {}, h('a', { href: `#${s.id}` }, s.title))));
  window.addEventListener('hashchange', () => {
    void show().then(() => document.getElementById('main')!.focus());
  });
  void show();
}

start();
