import type { AppError } from '../../errors.ts';
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
