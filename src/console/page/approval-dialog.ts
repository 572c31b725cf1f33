/** The Approve / Deny dialog of Try it. */

import type { ApprovalNeeded } from './api-types.js';
import { h, nextId } from './dom.js';

/**
 * The Approve / Deny dialog of Try it: a modal naming the tool, why it needs approval and the
 * arguments it would run with (pretty JSON). Resolves `approved` for Approve, `denied` for Deny
 * or Escape; Deny has the focus, so Enter alone never approves.
 */
export function askApproval(need: ApprovalNeeded): Promise<'approved' | 'denied'> {
  return new Promise((resolve) => {
    const titleId = nextId('approval-title');
    const whyId = nextId('approval-why');
    const dialog = h('dialog', { 'aria-labelledby': titleId, 'aria-describedby': whyId, class: 'approval' });
    const done = (answer: 'approved' | 'denied') => {
      dialog.close();
      dialog.remove();
      resolve(answer);
    };
    dialog.append(
      h('h3', { id: titleId }, `Run ${need.tool}? It needs approval`),
      h('p', { id: whyId }, `${need.description} It needs approval because ${need.why}.`),
      h('pre', { 'aria-label': `Arguments of ${need.tool}` }, JSON.stringify(need.args, null, 2)),
      h(
        'div',
        { class: 'row' },
        h(
          'button',
          { class: 'danger', 'aria-label': `Approve: run ${need.tool} with these arguments`, onclick: () => done('approved') },
          'Approve',
        ),
        h('button', { 'aria-label': `Deny: do not run ${need.tool}`, onclick: () => done('denied'), autofocus: true }, 'Deny'),
      ),
    );
    dialog.addEventListener('cancel', () => done('denied'));
    document.body.append(dialog);
    dialog.showModal();
  });
}
