/** The Install / remove section: install skills from a path or dropped files, remove them. */

import { ApiError, get, post } from './api.js';
import type { SkillsResponse, SkillView } from './api-types.js';
import { announce, h, nextId } from './dom.js';

type Installed = { installed: SkillView[]; unchanged: string[]; message: string };

/** Shows the outcome of an install or remove: the CLI's message, or the error and each problem with its JSON path. */
function report(out: HTMLElement, result: { message: string } | ApiError | Error): void {
  if (result instanceof ApiError) {
    out.replaceChildren(
      h(
        'div',
        {},
        h('p', { class: 'error', role: 'alert' }, result.message),
        result.body.problems && h('div', { class: 'problems' }, result.body.problems.join('\n')),
      ),
    );
  } else if (result instanceof Error) {
    out.replaceChildren(h('p', { class: 'error', role: 'alert' }, result.message));
  } else out.replaceChildren(h('pre', {}, result.message));
}

/** A modal question; resolves true for the confirming button. Escape or Cancel says no. */
function confirmDialog(question: string, yes: string): Promise<boolean> {
  return new Promise((resolve) => {
    const dialog = h('dialog', { 'aria-labelledby': 'confirm-q' });
    const done = (answer: boolean) => {
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    dialog.append(
      h('p', { id: 'confirm-q' }, question),
      h(
        'div',
        { class: 'row' },
        h('button', { class: 'danger', onclick: () => done(true) }, yes),
        h('button', { onclick: () => done(false), autofocus: true }, 'Cancel'),
      ),
    );
    dialog.addEventListener('cancel', () => done(false));
    document.body.append(dialog);
    dialog.showModal();
  });
}

/** The Install / remove section: a path on this machine, dropped or chosen files, and a remove button per skill (with a confirmation). */
export async function renderInstall(main: HTMLElement): Promise<void> {
  const pathId = nextId('path');
  const replaceId = nextId('replace');
  const fileId = nextId('files');
  const path = h('input', { type: 'text', id: pathId, size: 60, placeholder: './skills/my-skill.json' });
  const replace = h('input', { type: 'checkbox', id: replaceId });
  const out = h('div', { 'aria-live': 'polite' });
  const installed = h('ul', { role: 'list' });
  const install = async (body: { paths?: string[]; files?: { name: string; text: string }[] }) => {
    try {
      const r = await post<Installed>('/api/skills/install', { ...body, replace: replace.checked });
      report(out, r);
      announce(r.message);
      await refresh();
    } catch (err) {
      report(out, err as Error);
    }
  };
  const sendFiles = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    await install({ files: await Promise.all([...files].map(async (f) => ({ name: f.name, text: await f.text() }))) });
  };
  const form = h(
    'form',
    { class: 'card', 'aria-label': 'Install from a path' },
    h(
      'div',
      { class: 'field' },
      h('label', { for: pathId }, 'Path to a skill file or folder on this machine'),
      h(
        'p',
        { class: 'hint' },
        'A .json skill file, a folder holding SKILL.md, or a folder of skills; relative to where the console was started.',
      ),
      path,
    ),
    h('div', { class: 'field row' }, replace, h('label', { for: replaceId }, 'Replace installed skills of the same name')),
    h('button', { type: 'submit', class: 'primary' }, 'Install'),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (path.value.trim() === '') return report(out, new Error('Give a path first.'));
    void install({ paths: [path.value.trim()] });
  });
  const chooser = h('input', { type: 'file', id: fileId, multiple: true, accept: '.json,.md,application/json,text/markdown' });
  chooser.addEventListener('change', () => void sendFiles(chooser.files).then(() => (chooser.value = '')));
  const drop = h(
    'div',
    { class: 'drop' },
    h('p', {}, 'Drop .json or SKILL.md files here, or '),
    h('label', { for: fileId }, 'choose skill files: '),
    chooser,
  );
  drop.addEventListener('dragover', (e) => {
    e.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    void sendFiles(e.dataTransfer?.files ?? null);
  });
  const refresh = async () => {
    const data = await get<SkillsResponse>('/api/skills');
    installed.replaceChildren(
      ...data.skills.map((s) =>
        h(
          'li',
          { class: 'card row', 'data-skill': s.name },
          h(
            'span',
            { class: 'grow' },
            h('strong', {}, s.name),
            ' ',
            h('span', { class: `badge ${s.kind}` }, s.kind),
            h('span', { class: 'muted' }, ` from ${s.source ?? '—'}`),
          ),
          h(
            'button',
            {
              class: 'danger',
              'aria-label': `Remove ${s.name}`,
              onclick: async () => {
                if (
                  !(await confirmDialog(
                    `Remove the skill "${s.name}" from ${data.store}? A running server drops its tools.`,
                    `Remove ${s.name}`,
                  ))
                )
                  return;
                try {
                  const r = await post<{ message: string }>('/api/skills/remove', { name: s.name });
                  report(out, r);
                  announce(r.message);
                  await refresh();
                } catch (err) {
                  report(out, err as Error);
                }
              },
            },
            'Remove',
          ),
        ),
      ),
    );
    if (data.skills.length === 0) installed.replaceChildren(h('li', { class: 'muted' }, 'No skills installed.'));
  };
  main.append(h('h2', {}, 'Install / remove'), form, h('div', { class: 'card' }, drop), out, h('h2', {}, 'Installed'), installed);
  await refresh();
}
