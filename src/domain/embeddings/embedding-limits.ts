import { AppError, invalidRequest } from '../errors.ts';
import type { EmbeddingModelDefinition } from '../routing/embedding-model-definition.ts';

/** The most texts one request embeds. */
export const maxEmbeddingInputs = 256;
/** The most characters one request's texts hold together. */
export const maxEmbeddingCharacters = 131_072;

/**
 * Refuses a request past the bounds, before anything is counted or called: 400 for too many inputs, an
 * empty one or a length the model cannot give, 413 `payload_too_large` for too much text.
 */
export function checkEmbeddingRequest(model: EmbeddingModelDefinition, inputs: readonly string[], dimensions: number | undefined): void {
  if (inputs.length === 0) throw invalidRequest([{ path: 'input', message: 'send at least one text' }]);
  if (inputs.length > maxEmbeddingInputs) throw invalidRequest([{ path: 'input', message: `at most ${maxEmbeddingInputs} texts per request; this one has ${inputs.length}` }]);
  const empty = inputs.findIndex((input) => input.trim() === '');
  if (empty >= 0) throw invalidRequest([{ path: inputs.length === 1 ? 'input' : `input.${empty}`, message: 'an empty text has no embedding' }]);
  const characters = inputs.reduce((sum, input) => sum + input.length, 0);
  if (characters > maxEmbeddingCharacters) {
    throw new AppError('payload_too_large', `The texts hold ${characters} characters together; at most ${maxEmbeddingCharacters} are embedded per request`, { limitCharacters: maxEmbeddingCharacters });
  }
  if (dimensions === undefined || dimensions === model.dimensions) return;
  if (model.minDimensions === undefined) throw invalidRequest([{ path: 'dimensions', message: `${model.id} returns vectors of ${model.dimensions} dimensions only; send no dimensions` }]);
  if (dimensions < model.minDimensions || dimensions > model.dimensions) {
    throw invalidRequest([{ path: 'dimensions', message: `${model.id} returns between ${model.minDimensions} and ${model.dimensions} dimensions` }]);
  }
}
