/** The Router section: the prompt skills a message activates, and the resulting system prompt. */

import { post } from './api.js';
import type { RouteResponse } from './api-types.js';
import { h, nextId } from './dom.js';

/** The Router section: a message box; as you type, the prompt skills it activates and the resulting system prompt. */
export function renderRouter(main: HTMLElement): void {
  const msgId = nextId('message');
  const baseId = nextId('base');
  const message = h('textarea', { id: msgId, rows: 3, placeholder: 'A message as your users would write it' });
  // Empty: the console knows no system prompt of the user's agent, and must not invent one.
  const base = h('textarea', {
    id: baseId,
    rows: 2,
    placeholder: "Your agent's own system prompt (optional)",
    'aria-describedby': `${baseId}-hint`,
  });
  const routed = h('div', { 'aria-live': 'polite' });
  const prompt = h('pre', { 'aria-label': 'Resulting system prompt' });
  let timer = 0;
  let asked = 0;
  const update = async () => {
    const mine = ++asked;
    const r = await post<RouteResponse>('/api/route', { message: message.value, base: base.value });
    if (mine !== asked) return; // a newer request is on its way
    routed.replaceChildren(
      r.skills.length === 0
        ? h(
            'p',
            { class: 'muted' },
            r.enabledPromptSkills === 0
              ? 'No prompt skill is enabled in this store, so no message activates one: install one in Install / remove.'
              : message.value.trim()
                ? 'No enabled prompt skill matches this message.'
                : 'Type a message to see which prompt skills it activates.',
          )
        : h(
            'ul',
            {},
            r.skills.map((s) =>
              h(
                'li',
                {},
                h('strong', {}, s.name),
                ` — matched ${s.matched.map((t) => `"${t}"`).join(', ')} (triggers: ${s.triggers.join(', ')})`,
              ),
            ),
          ),
    );
    prompt.textContent = r.systemPrompt;
  };
  const later = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void update(), 150);
  };
  message.addEventListener('input', later);
  base.addEventListener('input', later);
  main.append(
    h('h2', {}, 'Router'),
    h('div', { class: 'field' }, h('label', { for: msgId }, 'User message'), message),
    h(
      'div',
      { class: 'field' },
      h('label', { for: baseId }, 'Base system prompt'),
      h('p', { class: 'hint', id: `${baseId}-hint` }, "The activated skills' instructions are added after it."),
      base,
    ),
    h('h3', {}, 'Activated prompt skills'),
    routed,
    h('h3', {}, 'System prompt'),
    prompt,
  );
  void update();
}
