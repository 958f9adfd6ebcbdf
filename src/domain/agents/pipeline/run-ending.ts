import { AppError } from '../../errors.ts';
import type { ModelDefinition } from '../../routing/model-definition.ts';
import type { LayerReport } from '../../safety/safety-layer.ts';

/** How a run that ended early is stored: refused by a layer, or failed, with the model that answered last. */
export interface EndingRecord {
  status: 'blocked' | 'failed';
  errorCode: string;
  model?: ModelDefinition | undefined;
  /** The layers it went through; by default the input layers (see recordRun). */
  layers?: readonly LayerReport[] | undefined;
  /**
   * The unit is given back although a model answered: what the caller asked for was not done for want of
   * something outside (a delivery that failed), not for anything the model did (see DeliveryFailed).
   */
  refund?: boolean | undefined;
}

/**
 * Thrown by a stage that ends the run after it got far enough to be stored: the error its caller gets, and
 * how the record stage stores the run (see endRun). A stage never records a run itself.
 */
export class RunEnded extends Error {
  readonly refusal: AppError;
  readonly record: EndingRecord;

  constructor(refusal: AppError, record: EndingRecord) {
    super(refusal.message, { cause: refusal });
    this.name = 'RunEnded';
    this.refusal = refusal;
    this.record = record;
  }
}

/** The error code a run its caller canceled is stored with. */
export const canceledRunCode = 'canceled';

/**
 * Ends a run whose caller canceled it before the next stage: stored as failed (`canceled`), with the model
 * that answered last when one did; whatever the run spent so far stays spent (see endRun).
 */
export function stopIfCanceled(signal: AbortSignal | undefined, error?: unknown): void {
  if (!signal?.aborted) return;
  const model = error instanceof RunEnded ? error.record.model : undefined;
  throw new RunEnded(new AppError('conflict', 'The run was canceled by its caller'), { status: 'failed', errorCode: canceledRunCode, model });
}
