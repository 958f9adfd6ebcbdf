import { requestWindowCharacters } from '../../src/domain/safety/layers/content/content-vector.ts';
import { requestSignals } from '../../src/domain/safety/layers/content/request-signals.ts';
import { sentenceWindows } from '../../src/domain/safety/layers/content/sentence-windows.ts';
import { normalizeText } from '../../src/domain/safety/text/normalize-text.ts';
import { isValidationRow, readRows, type ContentRow, type JailbreakRow } from './safety-data.ts';

/** Documents shorter than this are read whole by the request head, as one request; they are no document. */
const shortestDocument = 2 * requestWindowCharacters;

/**
 * Benign content rows from the long benign documents of the second data set (technical docs, minutes,
 * contracts, policies, code): each stretch the request head would read on its own (a document is read in
 * stretches, see content-vector.ts) and that reads as asking for something ("write the signature of this
 * function", "exclude the others"). Without them, the request head learns only from short requests, and a
 * stretch of documentation worded like a request looks like one: a tenth of such documents were refused.
 * The validation fifth of the documents (isValidationRow) is left out, so that their false-block rate
 * stays a measure (scripts/safety/evaluate-long-documents.ts).
 */
export function benignDocumentStretches(v2Directory: string): ContentRow[] {
  return readRows<JailbreakRow>(v2Directory, 'jailbreak')
    .filter((row) => row.label === 0 && row.text.length > shortestDocument && !isValidationRow(row.text))
    .flatMap((row) => {
      const source = `benign-document:${row.source.split('+')[0] ?? row.source}`;
      return sentenceWindows(normalizeText(row.text).text, requestWindowCharacters)
        .filter((stretch) => requestSignals(stretch).asks)
        .map((text): ContentRow => ({ text, flagged: false, categories: [], source }));
    });
}
