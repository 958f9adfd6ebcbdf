import type { FastifyInstance } from 'fastify';
import { invalidRequest } from '../domain/errors.ts';
import { maxScannedDepth } from '../domain/safety/text/request-strings.ts';

/**
 * What a JSON body may hold. No request needs more; past these, validation, fingerprints and the safety
 * scan would recurse or loop over what a caller piled up. The depth is the safety scan's own, so every
 * string a model could be shown is screened.
 */
export const jsonBodyLimits = {
  /** Objects and arrays inside one another, the body itself being the first. */
  depth: maxScannedDepth,
  /** Array items and object members in the whole body. */
  values: 10_000,
} as const;

const quote = 0x22;
const backslash = 0x5c;
const comma = 0x2c;
const openBrace = 0x7b;
const openBracket = 0x5b;
const closeBrace = 0x7d;
const closeBracket = 0x5d;

/**
 * Refuses JSON text past `jsonBodyLimits` with 400 `invalid_request`, in one pass over the characters and
 * before anything is built from it. Malformed text is left to the parser, which says so.
 */
export function checkJsonLimits(text: string): void {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text.charCodeAt(index);
    if (inString) {
      if (character === backslash) index += 1;
      else if (character === quote) inString = false;
    } else if (character === quote) {
      inString = true;
    } else if (character === openBrace || character === openBracket) {
      depth += 1;
      values += 1;
      if (depth > jsonBodyLimits.depth) throw invalidRequest([{ path: '', message: `the body nests deeper than ${jsonBodyLimits.depth} levels; JSON bodies nest at most ${jsonBodyLimits.depth} levels` }]);
    } else if (character === closeBrace || character === closeBracket) {
      depth = Math.max(0, depth - 1);
    } else if (character === comma) {
      values += 1;
    }
    if (values > jsonBodyLimits.values) {
      throw invalidRequest([{ path: '', message: `the body holds more than ${jsonBodyLimits.values} values; JSON bodies hold at most ${jsonBodyLimits.values} values (array items and object members)` }]);
    }
  }
}

/** Fastify's JSON parser (prototype poisoning refused, as by default), behind the limits. */
export function installJsonBodyLimits(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      checkJsonLimits(String(body));
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    parseJson(request, String(body), done);
  });
}
