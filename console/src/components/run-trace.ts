import type { Run } from '../app/api-types.ts';
import { h } from '../app/dom.ts';
import { modelAttemptsTable, routingText, usageFacts } from './run-meta-view.ts';
import { safetyLayersTable } from './safety-view.ts';

/** What an execution went through (a run's or a playbook step's): null where the service does not know it. */
export type RunTrace = Pick<Run, 'usage' | 'safety' | 'modelAttempts' | 'routing'>;

/** Tokens, cost and the router's reason, as terms and descriptions of a `.facts` list; nothing not known. */
export function traceFacts(trace: RunTrace): HTMLElement[] {
  return [
    ...(trace.usage ? usageFacts(trace.usage) : []),
    ...(trace.routing ? [h('dt', null, 'Routing'), h('dd', null, routingText(trace.routing))] : []),
  ];
}

/** Each model call and each safety layer's verdict, as tables named for `what` ("step 1"); null if neither is known. */
export function traceTables(trace: RunTrace, what?: string): HTMLElement | null {
  if (!trace.modelAttempts && !trace.safety) return null;
  const of = what ? ` of ${what}` : '';
  return h(
    'div',
    { className: 'run-trace stack' },
    trace.modelAttempts ? modelAttemptsTable(trace.modelAttempts, `Model attempts${of}`) : null,
    trace.safety ? safetyLayersTable(trace.safety, `Safety layers${of}`) : null,
  );
}
