/** Builds a tool's form from its input schema: selects, checkboxes, lists and color fields. */

import type { JsonSchemaProp, ToolView } from './api-types.js';
import { h, nextId } from './dom.js';

/** A form built from a tool's input schema. */
export interface SchemaForm {
  element: HTMLElement;
  /** The arguments as typed: empty fields are left out; numbers sent as numbers when they are numbers. */
  read(): Record<string, unknown>;
  /** Puts each problem next to its field (`tags[1]` goes to `tags`); the rest under the form. */
  showIssues(issues: { path: string; message: string }[], general: HTMLElement): void;
  clearIssues(): void;
}

type Field = { name: string; wrap: HTMLElement; error: HTMLElement; focus: HTMLElement; read(): unknown };

const labelText = (name: string, required: boolean) => [name, required ? h('span', { class: 'muted' }, ' (required)') : null];

function hint(p: JsonSchemaProp, colorPattern: string): string {
  const bits = [p.description ?? ''];
  if (p.default !== undefined) bits.push(`default ${JSON.stringify(p.default)}`);
  if (p.minimum !== undefined || p.maximum !== undefined) bits.push(`from ${p.minimum ?? '−∞'} to ${p.maximum ?? '∞'}`);
  if (p.minLength !== undefined && p.maxLength !== undefined) bits.push(`${p.minLength} to ${p.maxLength} characters`);
  else if (p.minLength !== undefined) bits.push(`at least ${p.minLength} characters`);
  else if (p.maxLength !== undefined) bits.push(`at most ${p.maxLength} characters`);
  if (p.pattern !== undefined && p.pattern !== colorPattern) bits.push(`matching ${p.pattern}`);
  return bits.filter(Boolean).join(' · ');
}

/** `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` as the `#rrggbb` a color input takes (alpha dropped); undefined for anything else. */
function pickerValue(text: string): string | undefined {
  const t = text.trim().toLowerCase();
  if (/^#[0-9a-f]{6}([0-9a-f]{2})?$/.test(t)) return t.slice(0, 7);
  if (/^#[0-9a-f]{3}[0-9a-f]?$/.test(t)) return `#${[...t.slice(1, 4)].map((c) => c + c).join('')}`;
  return undefined;
}

/**
 * A text box for a color with a color input beside it. A color input always holds some color,
 * so while the text is empty (or not a color) the input is marked `empty`: the style sheet draws
 * its swatch neutral, and its label says no color is chosen; the form sends nothing for it.
 */
function colorControl(id: string, p: JsonSchemaProp, name: string): { el: HTMLElement; focus: HTMLElement; read(): unknown } {
  const text = h('input', { type: 'text', id, size: 10, placeholder: '#RRGGBB', value: typeof p.default === 'string' ? p.default : '' });
  const picker = h('input', { type: 'color' });
  const show = () => {
    const value = pickerValue(text.value);
    if (value) picker.value = value;
    picker.classList.toggle('empty', !value);
    picker.setAttribute('aria-label', `${name}: pick a color (${value ? `now ${text.value.trim()}` : 'no color chosen'})`);
  };
  picker.addEventListener('input', () => {
    text.value = picker.value.toUpperCase();
    show();
  });
  text.addEventListener('input', show);
  show();
  return {
    el: h('div', { class: 'color-pair' }, text, picker),
    focus: text,
    read: () => (text.value.trim() === '' ? undefined : text.value.trim()),
  };
}

function numberOrText(v: string): unknown {
  const t = v.trim();
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : v;
}

function control(
  id: string,
  p: JsonSchemaProp,
  colorPattern: string,
  name: string,
): { el: HTMLElement; focus: HTMLElement; read(): unknown } {
  if (p.enum) {
    const select = h(
      'select',
      { id },
      h('option', { value: '' }, '(not set)'),
      p.enum.map((v) => h('option', { value: String(v), selected: p.default === v }, String(v))),
    );
    return {
      el: select,
      focus: select,
      read: () => (select.value === '' ? undefined : p.type === 'number' ? Number(select.value) : select.value),
    };
  }
  if (p.type === 'boolean') {
    const box = h('input', { type: 'checkbox', id, checked: p.default === true });
    return { el: box, focus: box, read: () => box.checked };
  }
  if (p.type === 'array') return listControl(id, p, name);
  if (p.type === 'string' && p.pattern === colorPattern) return colorControl(id, p, name);
  if (p.type === 'number') {
    const input = h('input', {
      type: 'number',
      id,
      step: 'any',
      min: p.minimum,
      max: p.maximum,
      placeholder: p.default !== undefined ? String(p.default) : '',
    });
    return { el: input, focus: input, read: () => (input.value.trim() === '' ? undefined : numberOrText(input.value)) };
  }
  const input = h('input', { type: 'text', id, size: 40, placeholder: typeof p.default === 'string' ? p.default : '' });
  return { el: input, focus: input, read: () => (input.value === '' ? undefined : input.value) };
}

/** `string[]`: checkboxes when its items have an enum, else a list of text boxes with Add and Remove buttons. */
function listControl(id: string, p: JsonSchemaProp, name: string): { el: HTMLElement; focus: HTMLElement; read(): unknown } {
  const allowed = p.items?.enum;
  if (allowed) {
    const defaults = Array.isArray(p.default) ? p.default : [];
    const boxes = allowed.map((v) => ({ v, box: h('input', { type: 'checkbox', id: nextId('opt'), checked: defaults.includes(v) }) }));
    const el = h(
      'div',
      { id, role: 'group', 'aria-label': name },
      boxes.map(({ v, box }) => h('span', { class: 'list-item' }, box, h('label', { for: box.id }, v))),
    );
    return { el, focus: boxes[0]?.box ?? el, read: () => boxes.filter((b) => b.box.checked).map((b) => b.v) };
  }
  const items = h('div', { id, role: 'group', 'aria-label': `${name} items` });
  const add = (value = '') => {
    const input = h('input', { type: 'text', value, 'aria-label': `${name} item` });
    const row = h(
      'div',
      { class: 'list-item' },
      input,
      h('button', { type: 'button', 'aria-label': `Remove this ${name} item`, onclick: () => row.remove() }, 'Remove'),
    );
    items.append(row);
    return input;
  };
  for (const v of Array.isArray(p.default) ? p.default : []) add(String(v));
  const addButton = h('button', { type: 'button', onclick: () => add().focus() }, `Add ${name} item`);
  const read = () => {
    const values = [...items.querySelectorAll('input')].map((i) => i.value).filter((v) => v !== '');
    return values.length === 0 ? undefined : values;
  };
  return { el: h('div', {}, items, addButton), focus: addButton, read };
}

/**
 * Builds the form of a tool from its input schema (as tools/list sends it): enums as
 * selects, booleans as checkboxes, `string[]` as a list, colors (strings with
 * `colorPattern`) with a color input beside the text; every control labelled. The form
 * does no checking of its own (`novalidate`): the pipeline's validator judges, and its
 * issues are shown by field.
 */
export function schemaForm(tool: ToolView, colorPattern: string): SchemaForm {
  const required = new Set(tool.inputSchema.required ?? []);
  const fields: Field[] = Object.entries(tool.inputSchema.properties).map(([name, p]) => {
    const id = nextId(`param-${name}`);
    const errorId = `${id}-error`;
    const hintId = `${id}-hint`;
    const c = control(id, p, colorPattern, name);
    c.focus.setAttribute('aria-describedby', `${hintId} ${errorId}`);
    const error = h('p', { class: 'error', id: errorId });
    const wrap = h(
      'div',
      { class: 'field', 'data-param': name },
      h('label', { for: id }, labelText(name, required.has(name))),
      h('p', { class: 'hint', id: hintId }, hint(p, colorPattern)),
      c.el,
      error,
    );
    return { name, wrap, error, focus: c.focus, read: c.read };
  });
  const element = h(
    'div',
    {},
    fields.length === 0 ? h('p', { class: 'muted' }, 'This tool takes no arguments.') : fields.map((f) => f.wrap),
  );
  const clearIssues = () => {
    for (const f of fields) {
      f.error.textContent = '';
      f.wrap.classList.remove('invalid');
      f.focus.removeAttribute('aria-invalid');
    }
  };
  return {
    element,
    read: () => Object.fromEntries(fields.map((f) => [f.name, f.read()]).filter(([, v]) => v !== undefined)),
    clearIssues,
    showIssues(issues, general) {
      clearIssues();
      const rest: string[] = [];
      let first: HTMLElement | undefined;
      for (const issue of issues) {
        const f = fields.find((x) => x.name === issue.path.replace(/\[\d+\]$/, ''));
        if (!f) {
          rest.push(issue.path ? `${issue.path}: ${issue.message}` : issue.message);
          continue;
        }
        f.error.textContent = [f.error.textContent, `${issue.path}: ${issue.message}`].filter(Boolean).join('; ');
        f.wrap.classList.add('invalid');
        f.focus.setAttribute('aria-invalid', 'true');
        first ??= f.focus;
      }
      general.textContent = rest.join('\n');
      first?.focus();
    },
  };
}
