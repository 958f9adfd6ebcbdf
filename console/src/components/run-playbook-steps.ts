import { h } from '../app/dom.ts';
import { routeLink } from '../app/router.ts';
import type { Playbook } from './run-playbook-form.ts';

/** A playbook's steps in order: the agent each runs (linked to its page), why, and whether it may fail. */
export function playbookStepsList(steps: Playbook['steps']): HTMLElement {
  return h(
    'ol',
    { className: 'playbook-steps' },
    steps.map((step) =>
      h('li', null, h('a', { href: routeLink(`/agents/${step.agent}`) }, h('code', null, step.agent)), step.optional ? [' ', h('span', { className: 'badge' }, 'optional')] : null, h('span', { className: 'playbook-step-reason muted' }, step.reason)),
    ),
  );
}
