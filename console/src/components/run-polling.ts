/**
 * Calls `tick` every `intervalMs` while the tab is visible, at once when it becomes visible again, and never
 * after `signal` is aborted (the page was left). A tick is never started while the previous one runs.
 */
export function everyWhileVisible(signal: AbortSignal, intervalMs: number, tick: () => Promise<void>): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  const schedule = (): void => {
    clearTimeout(timer);
    if (signal.aborted || document.visibilityState !== 'visible') return;
    timer = setTimeout(() => void run(), intervalMs);
  };
  const run = async (): Promise<void> => {
    if (running || signal.aborted) return;
    running = true;
    try {
      await tick();
    } finally {
      running = false;
      schedule();
    }
  };
  const onVisibility = (): void => {
    if (document.visibilityState === 'visible') void run();
    else clearTimeout(timer);
  };
  document.addEventListener('visibilitychange', onVisibility);
  signal.addEventListener('abort', () => {
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisibility);
  }, { once: true });
  schedule();
}
