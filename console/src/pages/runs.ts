import { announce } from '../app/announce.ts';
import { callApi } from '../app/api.ts';
import type { Run } from '../app/api-types.ts';
import { h, replaceChildren } from '../app/dom.ts';
import { formatTime } from '../app/format.ts';
import type { PageContext } from '../app/router.ts';
import { routeLink } from '../app/router.ts';
import { emptyState, errorNotice, loading } from '../components/notice.ts';
import { filtersFrom, runFiltersForm, type RunFilters } from '../components/run-filters.ts';
import { everyWhileVisible } from '../components/run-polling.ts';
import { runTable } from '../components/run-table.ts';
import { withApiKey } from '../components/sign-in.ts';

interface RunPage {
  data: Run[];
  meta: { limit: number; nextCursor: string | null };
}

const pageSize = 20;
const refreshMs = 5000;

/** Every run of the account, newest first (GET /api/runs), filtered from the URL, kept current while visible. */
export async function runsPage(root: HTMLElement, context: PageContext): Promise<void> {
  context.setTitle('Runs');
  await withApiKey(root, 'Runs', async () => {
    const filters = filtersFrom(context.query);
    replaceChildren(root, h('h1', null, 'Runs'), loading('runs'));
    const fetchPage = async (cursor?: string): Promise<RunPage> => (await callApi<RunPage>('/api/runs', { signal: context.signal, query: { ...filters, limit: pageSize, cursor } })).body;
    const [first, playbooks] = await Promise.allSettled([fetchPage(), callApi<{ data: { id: string; name: string }[] }>('/api/playbooks', { auth: 'none', signal: context.signal })]);
    if (context.signal.aborted) return;

    const form = runFiltersForm('/runs', filters, playbooks.status === 'fulfilled' ? playbooks.value.body.data : []);
    const problems = h('div', null, playbooks.status === 'rejected' ? errorNotice(playbooks.reason) : null);
    const listSlot = h('div', { className: 'run-list' });
    const updated = h('p', { className: 'muted run-list-updated' });
    const more = h('button', { type: 'button', className: 'button' }, 'Load more');
    const moreSlot = h('div', { className: 'actions' }, more);
    root.classList.add('runs-page');
    replaceChildren(root, h('h1', null, 'Runs'), h('p', { className: 'muted' }, 'Every run of your account, newest first. A playbook\'s steps show on its run\'s page.'), form, problems, updated, listSlot, moreSlot);

    if (first.status === 'rejected') {
      replaceChildren(listSlot, errorNotice(first.reason));
      moreSlot.hidden = true;
      return;
    }
    let rows = first.value.data;
    let cursor = first.value.meta.nextCursor;
    const draw = (): void => {
      moreSlot.hidden = cursor === null;
      if (rows.length === 0) {
        replaceChildren(listSlot, emptyState(hasFilters(filters) ? 'No run matches these filters.' : 'No runs yet.', h('a', { className: 'button', href: routeLink('/playbooks') }, 'Start a playbook')));
        return;
      }
      keepingFocus(listSlot, () => replaceChildren(listSlot, runTable(`Runs (${rows.length}${cursor ? '+' : ''})`, rows)));
    };
    const stamp = (): void => {
      updated.textContent = `Updated ${formatTime(new Date().toISOString())}; refreshed every ${refreshMs / 1000} seconds while this tab is visible.`;
    };
    draw();
    stamp();

    more.addEventListener('click', () => {
      if (!cursor) return;
      void (async () => {
        more.disabled = true;
        try {
          const next = await fetchPage(cursor ?? undefined);
          const seen = new Set(rows.map((run) => run.id));
          rows = [...rows, ...next.data.filter((run) => !seen.has(run.id))];
          cursor = next.meta.nextCursor;
          draw();
          announce(`${next.data.length} more runs loaded.`);
          // Keyboard users go on from the first run just loaded.
          listSlot.querySelector<HTMLAnchorElement>(`a[data-run="${CSS.escape(next.data[0]?.id ?? '')}"]`)?.focus();
        } catch (error) {
          if (!context.signal.aborted) replaceChildren(problems, errorNotice(error));
        } finally {
          more.disabled = false;
        }
      })();
    });

    everyWhileVisible(context.signal, refreshMs, async () => {
      try {
        const fresh = await fetchPage();
        const merged = mergeFirstPage(rows, fresh);
        const news = merged.filter((run) => !rows.some((old) => old.id === run.id)).length;
        const changed = merged.filter((run) => rows.some((old) => old.id === run.id && old.status !== run.status)).length;
        if (signature(merged) !== signature(rows)) {
          rows = merged;
          if (fresh.meta.nextCursor === null && merged.length === fresh.data.length) cursor = null;
          draw();
        }
        const parts = [news > 0 ? `${news} new ${news === 1 ? 'run' : 'runs'}` : '', changed > 0 ? `${changed} ${changed === 1 ? 'run' : 'runs'} changed state` : ''].filter(Boolean);
        if (parts.length > 0) announce(`${parts.join(', ')}.`);
        replaceChildren(problems);
        stamp();
      } catch (error) {
        if (!context.signal.aborted) replaceChildren(problems, errorNotice(error));
      }
    });
  });
}

function hasFilters(filters: RunFilters): boolean {
  return Object.values(filters).some(Boolean);
}

/** The first page read again, then the runs loaded earlier that are older than all of it. */
function mergeFirstPage(rows: readonly Run[], fresh: RunPage): Run[] {
  if (fresh.meta.nextCursor === null) return fresh.data;
  const oldest = fresh.data.at(-1)?.createdAt ?? '';
  const ids = new Set(fresh.data.map((run) => run.id));
  return [...fresh.data, ...rows.filter((run) => !ids.has(run.id) && run.createdAt < oldest)];
}

function signature(rows: readonly Run[]): string {
  return JSON.stringify(rows.map((run) => [run.id, run.status, run.progress, run.durationMs]));
}

/** Redraws a region without losing the keyboard's place: the link that had focus gets it back. */
function keepingFocus(region: HTMLElement, redraw: () => void): void {
  const focused = document.activeElement;
  const runId = focused instanceof HTMLElement && region.contains(focused) ? focused.dataset.run : undefined;
  redraw();
  if (runId) region.querySelector<HTMLElement>(`a[data-run="${CSS.escape(runId)}"]`)?.focus();
}
