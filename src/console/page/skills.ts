/** The Skills section: every installed skill with a switch, a search box, and changes made elsewhere. */

import { ApiError, get, post } from './api.js';
import type { SkillsResponse, SkillView } from './api-types.js';
import { announce, count, h, nextId } from './dom.js';

/** How often the page asks whether the store changed (another process may switch skills). */
const POLL_MS = 1500;

const matches = (s: SkillView, q: string) =>
  [s.name, s.description, s.kind, ...s.triggers, ...s.tools].some((t) => t.toLowerCase().includes(q));

function meta(s: SkillView): HTMLElement {
  const rows: [string, string][] = [];
  if (s.triggers.length > 0) rows.push(['Triggers', s.triggers.join(', ')]);
  if (s.tools.length > 0) rows.push(['Tools', s.tools.join(', ')]);
  else if (s.kind === 'mcp') rows.push(['Tools', 'all tools of its server']);
  if (s.runs) rows.push(['Runs', s.runs]);
  rows.push(['Source', s.source ?? '—'], ['Installed', s.installedAt.replace('T', ' ').slice(0, 19)]);
  return h(
    'dl',
    { class: 'meta' },
    rows.map(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]),
  );
}

/** A drawn card, and how to show a new enabled state in it without replacing it. */
interface Card {
  li: HTMLElement;
  /** The card's data apart from the enabled state; a card whose shape is unchanged is updated in place. */
  shape: string;
  sync(enabled: boolean): void;
}

const shapeOf = (s: SkillView) => JSON.stringify({ ...s, enabled: undefined, updatedAt: undefined });

/**
 * The switch: a checkbox with role="switch" whose accessible name holds the skill's name. A
 * change made while the previous one is on its way is kept and sent after it (the last one
 * wins), so a quick second press is never lost. `sync` shows a state read from the store,
 * unless a change of the user's is on its way.
 */
function skillSwitch(s: SkillView, onChanged: () => void): { el: HTMLElement; sync(enabled: boolean): void } {
  const input = h('input', { type: 'checkbox', role: 'switch', checked: s.enabled, 'aria-label': `Enable ${s.name}` });
  const state = h('span', { 'aria-hidden': 'true' }, s.enabled ? 'on' : 'off');
  let confirmed = s.enabled;
  let sending = false;
  input.addEventListener('change', async () => {
    // Stay focusable while a change is on its way (a disabled control would drop the keyboard focus).
    if (sending) return;
    sending = true;
    input.setAttribute('aria-busy', 'true');
    try {
      while (input.checked !== confirmed) {
        const enabled = input.checked;
        await post('/api/skills/enable', { name: s.name, enabled });
        confirmed = enabled;
        state.textContent = enabled ? 'on' : 'off';
        announce(`${enabled ? 'Enabled' : 'Disabled'} ${s.name}: a running agent-tools serve on this store follows within a second.`);
      }
      onChanged();
    } catch (err) {
      input.checked = confirmed;
      announce(`Could not switch ${s.name}: ${(err as Error).message}`);
    } finally {
      sending = false;
      input.removeAttribute('aria-busy');
    }
  });
  const sync = (enabled: boolean) => {
    if (sending) return;
    confirmed = input.checked = enabled;
    state.textContent = enabled ? 'on' : 'off';
  };
  return { el: h('label', { class: 'switch' }, input, state), sync };
}

function card(s: SkillView, onChanged: () => void): Card {
  const titleId = nextId('skill');
  const kind = h('span', { class: `badge ${s.kind}` }, s.kind);
  const off = h('span', { class: 'badge off' }, 'disabled');
  const sw = skillSwitch(s, onChanged);
  const li = h(
    'li',
    { class: 'card', 'aria-labelledby': titleId, 'data-skill': s.name },
    h('div', { class: 'row' }, h('h3', { id: titleId }, s.name), kind, !s.enabled && off, h('span', { class: 'grow' }), sw.el),
    h('p', { class: 'muted' }, s.description),
    meta(s),
  );
  const sync = (enabled: boolean) => {
    if (enabled) off.remove();
    else if (!off.isConnected) kind.after(off);
    sw.sync(enabled);
  };
  return { li, shape: shapeOf(s), sync };
}

/** The Skills section: every installed skill, a search box, a switch each; follows changes made elsewhere. */
export async function renderSkills(main: HTMLElement): Promise<() => void> {
  const searchId = nextId('search');
  const search = h('input', { type: 'search', id: searchId, placeholder: 'name, trigger, tool…', autocomplete: 'off' });
  const shownLine = h('p', { class: 'muted', 'aria-live': 'polite' });
  const list = h('ul', { class: 'skills', role: 'list' });
  const problems = h('div', { class: 'problems' });
  main.append(
    h('h2', {}, 'Skills'),
    h('div', { class: 'row' }, h('label', { for: searchId }, 'Search skills'), search),
    shownLine,
    problems,
    list,
  );
  let data: SkillsResponse | undefined;
  let cards = new Map<string, Card>();
  /**
   * Shows `shown`. When the same skills are shown in the same order, a card whose data changed
   * only in its enabled state is updated in place: replacing it would drop a key press that is
   * half done (Space toggles a checkbox on key up, on the element that saw the key down).
   */
  const reconcile = (shown: SkillView[]) => {
    const current = [...list.children].map((li) => (li as HTMLElement).dataset.skill);
    if (current.length !== shown.length || shown.some((s, i) => current[i] !== s.name || !cards.has(s.name))) {
      cards = new Map(shown.map((s) => [s.name, card(s, () => void load())]));
      list.replaceChildren(...[...cards.values()].map((c) => c.li));
      return;
    }
    for (const s of shown) {
      const old = cards.get(s.name)!;
      if (old.shape === shapeOf(s)) old.sync(s.enabled);
      else {
        const fresh = card(s, () => void load());
        old.li.replaceWith(fresh.li);
        cards.set(s.name, fresh);
      }
    }
  };
  const draw = () => {
    if (!data) return;
    const q = search.value.trim().toLowerCase();
    const shown = data.skills.filter((s) => q === '' || matches(s, q));
    shownLine.textContent = `${shown.length} of ${count(data.skills.length, 'skill')}${q ? ` match "${search.value.trim()}"` : ''} · ${data.skills.filter((s) => s.enabled).length} enabled`;
    // Keep the keyboard where it was: a redraw may replace the cards.
    const focused = document.activeElement?.closest<HTMLElement>('[data-skill]')?.dataset.skill;
    reconcile(shown);
    if (focused && !document.activeElement?.closest('[data-skill]'))
      list.querySelector<HTMLInputElement>(`[data-skill="${CSS.escape(focused)}"] input[role="switch"]`)?.focus();
    problems.textContent = data.problems.map((p) => `skill "${p.name}": ${p.message}`).join('\n');
  };
  const load = async () => {
    try {
      data = await get<SkillsResponse>('/api/skills');
      if (data.skills.length === 0 && data.problems.length === 0) {
        cards = new Map();
        list.replaceChildren(h('li', { class: 'card' }, 'No skills installed yet: see Install / remove.'));
      } else draw();
    } catch (err) {
      problems.textContent = err instanceof ApiError ? err.message : `Cannot reach the console server: ${(err as Error).message}`;
    }
  };
  search.addEventListener('input', draw);
  await load();
  // Follow changes made by other processes (the CLI), unless the user is in the middle of a switch.
  const timer = window.setInterval(async () => {
    if (!data || document.activeElement?.getAttribute('role') === 'switch') return;
    const now = await get<SkillsResponse>('/api/skills').catch(() => undefined);
    if (now && now.version !== data.version) {
      data = now;
      draw();
    }
  }, POLL_MS);
  return () => window.clearInterval(timer);
}
