import { replaceChildren } from '../app/dom.ts';
import { errorNotice } from './notice.ts';

/**
 * Runs what a button asked for: the button disabled while it runs, and a failure shown in `result` with the
 * service's message, code and request id, unless the user left the page meanwhile.
 */
export async function runBusy(button: HTMLButtonElement, result: HTMLElement, signal: AbortSignal, action: () => Promise<void>): Promise<void> {
  button.disabled = true;
  try {
    await action();
  } catch (error) {
    if (!signal.aborted) replaceChildren(result, errorNotice(error));
  } finally {
    button.disabled = false;
  }
}
