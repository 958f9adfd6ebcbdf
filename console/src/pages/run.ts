import { announce } from '../app/announce.ts';
import { callApi } from '../app/api.ts';
import type { Run } from '../app/api-types.ts';
import { h, replaceChildren } from '../app/dom.ts';
import type { PageContext } from '../app/router.ts';
import { routeLink } from '../app/router.ts';
import { jsonView } from '../components/json-view.ts';
import { changeSentences, watchRun } from '../components/live-run.ts';
import { errorNotice, loading } from '../components/notice.ts';
import { runActions } from '../components/run-actions.ts';
import { runFacts, runInputs } from '../components/run-facts.ts';
import { runProgress } from '../components/run-progress.ts';
import { runStatusBadge, runSubject } from '../components/run-status.ts';
import { runSteps } from '../components/run-steps.ts';
import { traceTables } from '../components/run-trace.ts';
import { withApiKey } from '../components/sign-in.ts';

/** One run (GET /api/runs/{id}), kept current from its event stream while it goes on. */
export async function runPage(root: HTMLElement, context: PageContext): Promise<void> {
  const runId = context.params.runId ?? '';
  context.setTitle(`Run ${runId}`);
  await withApiKey(root, 'Run', async () => {
    replaceChildren(root, h('h1', null, 'Run'), loading('the run'));
    const fetchRun = async (): Promise<Run> => (await callApi<{ data: Run }>(`/api/runs/${encodeURIComponent(runId)}`, { signal: context.signal })).body.data;
    let run: Run;
    try {
      run = await fetchRun();
    } catch (error) {
      if (context.signal.aborted) return;
      replaceChildren(root, h('h1', null, 'Run'), errorNotice(error), h('p', null, h('a', { href: routeLink('/runs') }, 'All runs')));
      return;
    }
    context.setTitle(`${runSubject(run)} run`);
    const view = runView(run, context.signal, async (changed) => {
      if (changed) view.show(changed);
      await refresh();
      startWatching();
    });
    replaceChildren(root, view.element);

    const problems = view.problems;
    async function refresh(): Promise<Run | undefined> {
      try {
        const latest = await fetchRun();
        view.show(latest);
        replaceChildren(problems);
        return latest;
      } catch (error) {
        if (!context.signal.aborted) replaceChildren(problems, errorNotice(error));
        return undefined;
      }
    }
    const refreshSoon = coalesced(refresh);

    let watching = false;
    function startWatching(): void {
      if (watching || view.current().done) return;
      watching = true;
      view.live('Live: this page follows the run as it goes.');
      void watchRun(runId, context.signal, {
        onEvent(event) {
          view.progress(event.data.progress);
          void refreshSoon();
        },
        refresh,
        onLost(error) {
          replaceChildren(problems, errorNotice(error));
          view.live('The live stream stopped; the page reads the run again every 3 seconds.');
        },
      }).finally(() => {
        watching = false;
        if (!context.signal.aborted) view.live(view.current().done ? 'The run has ended.' : '');
      });
    }
    startWatching();
  });
}

/** Calls `work` now, or once more after the call in progress, never twice at once. */
function coalesced<T>(work: () => Promise<T>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let again = false;
  const go = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await work();
      } while (again);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  return go;
}

interface RunView {
  element: HTMLElement;
  problems: HTMLElement;
  current(): Run;
  show(run: Run): void;
  progress(percent: number): void;
  live(text: string): void;
}

function runView(initial: Run, signal: AbortSignal, onChanged: (run: Run | undefined) => Promise<void>): RunView {
  let run = initial;
  const status = h('span', { className: 'run-status-slot' });
  const progress = runProgress();
  const actions = runActions(run.id, signal, onChanged);
  const liveLine = h('p', { className: 'run-live muted', hidden: true });
  const problems = h('div');
  const summary = h('section', { className: 'card run-summary', 'aria-label': 'State' }, progress.element, liveLine, actions.element);
  const facts = h('div');
  const steps = runSteps();
  const result = h('div');
  let shownResult = '';
  const trace = h('div');
  const traceSection = h('section', { className: 'card', 'aria-labelledby': 'run-trace-heading', hidden: true }, h('h2', { id: 'run-trace-heading' }, 'Model calls and safety'), trace);
  let shownTrace = '';

  const show = (next: Run): void => {
    const sentences = changeSentences(run, next);
    if (sentences.length > 0) announce(sentences.join(' '));
    run = next;
    replaceChildren(status, runStatusBadge(run.status));
    progress.update(run);
    actions.update(run);
    // A run that answered its request has no steps to follow and nothing to cancel or resume.
    summary.hidden = run.stepCount === 0 && run.done;
    replaceChildren(facts, runFacts(run));
    steps.update(run.steps);
    const resultSignature = JSON.stringify(run.result);
    if (resultSignature !== shownResult) {
      shownResult = resultSignature;
      replaceChildren(result, run.result ? jsonView(run.result, 'Result') : h('p', { className: 'muted' }, run.done ? 'This run has no result.' : 'The result shows here when the run is done.'));
    }
    const traceSignature = JSON.stringify([run.modelAttempts, run.safety]);
    if (traceSignature !== shownTrace) {
      shownTrace = traceSignature;
      const tables = traceTables(run);
      traceSection.hidden = tables === null;
      replaceChildren(trace, tables);
    }
  };

  const isPlaybook = run.kind === 'playbook';
  const element = h(
    'div',
    { className: 'run-page stack' },
    h('div', { className: 'run-title' }, h('h1', null, `${runSubject(run)} run`), status),
    h('p', { className: 'muted' }, h('a', { href: routeLink('/runs') }, 'All runs')),
    summary,
    problems,
    h('section', { className: 'card', 'aria-labelledby': 'run-details-heading' }, h('h2', { id: 'run-details-heading' }, 'Details'), facts),
    isPlaybook || run.inputs ? h('section', { className: 'card', 'aria-labelledby': 'run-inputs-heading' }, h('h2', { id: 'run-inputs-heading' }, 'Inputs'), runInputs(run.inputs)) : null,
    isPlaybook ? h('section', { 'aria-labelledby': 'run-steps-heading' }, h('h2', { id: 'run-steps-heading' }, 'Steps'), steps.element) : null,
    isPlaybook ? null : h('section', { className: 'card', 'aria-labelledby': 'run-result-heading' }, h('h2', { id: 'run-result-heading' }, 'Result'), result),
    isPlaybook ? null : traceSection,
  );
  show(run);
  return {
    element,
    problems,
    current: () => run,
    show,
    progress(percent) {
      progress.update({ ...run, progress: Math.max(percent, run.progress) });
    },
    live(text) {
      liveLine.textContent = text;
      liveLine.hidden = text === '';
    },
  };
}
