/** The Try it section: pick a tool, fill its form, run it through the pipeline. */

import { ApiError, get, post } from './api.js';
import type { ApprovalNeeded, RunResponse, ToolsResponse, ToolView } from './api-types.js';
import { askApproval } from './approval-dialog.js';
import { formatBytes, h, nextId } from './dom.js';
import { schemaForm } from './form.js';

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** Hex colors anywhere in a result, shown as swatches (at most 24). */
function colorsIn(value: unknown, out: string[] = []): string[] {
  if (out.length >= 24) return out;
  if (typeof value === 'string' && HEX.test(value)) out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => colorsIn(v, out));
  else if (typeof value === 'object' && value !== null) Object.values(value).forEach((v) => colorsIn(v, out));
  return out;
}

/** A color sample; set through the CSSOM, which the page's CSP allows (a style attribute it would not). */
function swatch(color: string): HTMLElement {
  const el = h('span', { class: 'swatch', 'aria-hidden': 'true' });
  el.style.background = color;
  return el;
}

function showResult(out: HTMLElement, r: RunResponse): void {
  const stats = `${r.durationMs.toFixed(1)} ms · ${formatBytes(r.bytes)}${r.truncated ? ` · capped: ${formatBytes(r.truncated.originalBytes)} cut to ${formatBytes(r.truncated.keptBytes)}` : ''}`;
  const colors = r.isError ? [] : [...new Set(colorsIn(r.value))];
  out.replaceChildren(
    h(
      'div',
      {},
      h('h3', {}, r.isError ? 'Error result' : 'Result'),
      h('p', { class: r.isError ? 'error' : 'muted', 'data-testid': 'run-stats' }, `${r.isError ? 'isError · ' : 'ok · '}${stats}`),
      r.approval &&
        r.approval.outcome !== 'not-needed' &&
        h('p', { class: 'muted', 'data-testid': 'run-approval' }, `Approval: ${r.approval.outcome} (${r.approval.by})`),
      colors.length > 0 &&
        h(
          'p',
          { 'aria-label': 'Colors in the result' },
          colors.map((c) => [swatch(c), c, ' ']),
        ),
      r.images.map((img, i) =>
        h('img', {
          class: 'result',
          src: `data:${img.mimeType};base64,${img.data}`,
          alt: `Image ${i + 1} of the result (${img.mimeType})`,
        }),
      ),
      h('pre', { 'aria-label': 'Result JSON' }, r.isError ? (r.error ?? '') : JSON.stringify(r.value, null, 2)),
    ),
  );
}

/** The Try it section: pick a tool, fill the form built from its input schema, run it through the pipeline. */
export async function renderTryIt(main: HTMLElement): Promise<void> {
  main.append(h('h2', {}, 'Try it'));
  let data: ToolsResponse;
  try {
    data = await get<ToolsResponse>('/api/tools');
  } catch (err) {
    main.append(h('p', { class: 'error' }, (err as Error).message));
    return;
  }
  if (data.problems.length > 0)
    main.append(
      h(
        'div',
        { class: 'problems', role: 'note', 'aria-label': 'Skills whose tools are not listed' },
        data.problems.map((p) => `skill "${p.name}": ${p.message}`).join('\n'),
      ),
    );
  if (data.tools.length === 0) {
    main.append(h('p', { class: 'muted' }, 'No tools: install a tool skill, or start the console with --tools <module>.'));
    return;
  }
  const pickId = nextId('tool');
  const groups = [...new Set(data.tools.map((t) => t.from))];
  const pick = h(
    'select',
    { id: pickId },
    groups.map((g) =>
      h(
        'optgroup',
        { label: g },
        data.tools.filter((t) => t.from === g).map((t) => h('option', { value: t.id }, `${t.name}${t.enabled ? '' : ' (disabled)'}`)),
      ),
    ),
  );
  const wanted = new URLSearchParams(location.hash.split('?')[1] ?? '').get('tool');
  if (wanted && data.tools.some((t) => t.id === wanted)) pick.value = wanted;
  const panel = h('div', {});
  main.append(h('div', { class: 'field' }, h('label', { for: pickId }, 'Tool'), ' ', pick), panel);
  const open = (tool: ToolView) => {
    const form = schemaForm(tool, data.colorPattern);
    const general = h('p', { class: 'error', role: 'alert' });
    const out = h('div', { 'aria-live': 'polite' });
    const run = h('button', { type: 'submit', class: 'primary' }, `Run ${tool.name}`);
    const el = h('form', { novalidate: true, 'aria-label': `Arguments of ${tool.name}` }, form.element, general, run);
    el.addEventListener('submit', async (e) => {
      e.preventDefault();
      form.clearIssues();
      general.textContent = '';
      run.disabled = true;
      try {
        const args = form.read();
        let r = await post<RunResponse | ApprovalNeeded>('/api/tools/run', { id: tool.id, args });
        // a call that needs approval ran nothing yet: ask, then send it again with the answer
        if ('approvalRequired' in r) r = await post<RunResponse>('/api/tools/run', { id: tool.id, args, approval: await askApproval(r) });
        if ('approvalRequired' in r) throw new Error('the console asked for approval twice');
        if (r.isError && r.issues) form.showIssues(r.issues, general);
        showResult(out, r);
      } catch (err) {
        general.textContent = err instanceof ApiError ? err.message : `Cannot reach the console server: ${(err as Error).message}`;
      } finally {
        run.disabled = false;
      }
    });
    panel.replaceChildren(
      h(
        'div',
        { class: 'card' },
        h('h3', {}, tool.name, ' ', h('span', { class: 'badge' }, tool.from)),
        h('p', { class: 'muted' }, tool.description),
        !tool.enabled && h('p', { class: 'error' }, 'Its skill is switched off: switch it on in Skills to run it.'),
        tool.sandbox.length > 0 &&
          h(
            'div',
            { class: 'rules', role: 'note', 'aria-label': 'Sandbox rules' },
            h('strong', {}, 'Before you run it: this skill runs outside the page, under these rules'),
            h(
              'ul',
              {},
              tool.sandbox.map((r) => h('li', {}, r)),
            ),
          ),
        el,
      ),
      out,
    );
  };
  pick.addEventListener('change', () => open(data.tools.find((t) => t.id === pick.value)!));
  open(data.tools.find((t) => t.id === pick.value)!);
}
