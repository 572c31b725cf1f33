// DOM helpers of the console page: element builder, unique ids, the live region, byte sizes.

type Child = Node | string | number | null | undefined | false | Child[];
type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;

/**
 * Makes an element: `h('button', { class: 'primary', onclick: fn }, 'Save')`. Attributes
 * named `on…` become listeners; `true` sets an empty attribute, `false`/null/undefined
 * leave it out. Text children are text nodes, never parsed as HTML.
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'value' && 'value' in el) (el as HTMLInputElement).value = String(v);
    else if (k === 'checked' && el instanceof HTMLInputElement) el.checked = v === true;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

function append(el: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

let uid = 0;
/** A page-unique id for label/aria wiring. */
export const nextId = (prefix: string) => `${prefix}-${++uid}`;

/** Says `text` in the polite live region (shown bottom right, read by screen readers). */
export function announce(text: string): void {
  const status = document.getElementById('status')!;
  status.textContent = text;
  window.clearTimeout(Number(status.dataset.timer ?? 0));
  status.dataset.timer = String(window.setTimeout(() => (status.textContent = ''), 6000));
}

/**
 * A count and its noun, agreeing: `count(1, 'tool')` is "1 tool", `count(2, 'tool')` "2 tools",
 * `count(1200, 'token')` "1,200 tokens". `plural` for a noun that does not just take an "s".
 */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? noun : plural}`;
}

/** UTF-8 bytes, shown as "1 byte" / "123 bytes" / "4.5 kB". */
export function formatBytes(n: number): string {
  return n < 1000 ? count(n, 'byte') : n < 1_000_000 ? `${(n / 1000).toFixed(1)} kB` : `${(n / 1_000_000).toFixed(2)} MB`;
}
