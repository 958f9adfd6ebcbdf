import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Rows of the labelled safety data (see the data folder's README for the format). */
export interface JailbreakRow {
  text: string;
  label: 0 | 1;
  source: string;
}

export interface ContentRow {
  text: string;
  flagged: boolean;
  categories: string[];
  source: string;
}

export interface PiiSpan {
  type: string;
  start: number;
  end: number;
  value: string;
}

export interface PiiRow {
  text: string;
  spans: PiiSpan[];
  source: string;
}

/** The development data next to the repository, unless `--data` names another folder. */
export const defaultDataDirectory = new URL('../../../shared/data/safety/', import.meta.url).pathname;

/** Every row of every `.jsonl` file in `<directory>/<kind>/`, in file-name order; none when the folder is missing. */
export function readRows<Row>(directory: string, kind: 'jailbreak' | 'content' | 'pii'): Row[] {
  const folder = join(directory, kind);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .flatMap((name) => readJsonl<Row>(join(folder, name)));
}

/** The rows of one JSONL file, blank lines skipped. */
export function readJsonl<Row>(path: string | URL): Row[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Row);
}

/** Business prompts written for this service: all benign, many with words that sound dangerous. */
export const businessPromptsUrl = new URL('./data/benign-business-prompts.jsonl', import.meta.url);

/**
 * Authored harmful requests (every category of the content layer, asked in many frames) and benign requests
 * asked in the same frames (homonyms, cooking, sport, safety and health, history, kind claims about groups,
 * honest criticism of named people): training rows for the request head. `kind` says what each row is.
 */
export const authoredHarmRequestsUrl = new URL('./data/authored-harm-requests.jsonl', import.meta.url);
export const authoredLookAlikeRequestsUrl = new URL('./data/authored-lookalike-requests.jsonl', import.meta.url);

/**
 * The content probe: authored harmful requests, benign look-alikes and identity mentions kept out of every
 * training run (see contentProbeKeys), measured by evaluate-content-probe.ts.
 */
export const contentProbeUrl = new URL('./data/content-probe.jsonl', import.meta.url);

/** A text as near-duplicates share it: NFKC, lower case, whitespace collapsed. */
export function looseKey(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The probe's texts as loose keys: training drops any row that matches one. */
export function contentProbeKeys(url: URL = contentProbeUrl): Set<string> {
  return new Set(readJsonl<{ text: string }>(url).map((row) => looseKey(row.text)));
}

/** The fingerprints of the rows a model file says it was trained on. */
export function trainedFingerprints(training: Readonly<Record<string, unknown>>): Set<string> {
  const { fingerprints } = training;
  return new Set(Array.isArray(fingerprints) ? fingerprints.filter((value): value is string => typeof value === 'string') : []);
}

/** A short, stable fingerprint of a text: how a model file lists what it was trained on without holding it. */
export function fingerprint(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 12);
}

/**
 * The held-out fifth: a row is for validation when its fingerprint's first character falls in it. Stable
 * across runs and independent of row order, so retraining never leaks validation rows into training.
 */
export function isValidationRow(text: string): boolean {
  return 'ABCDEFGHIJKLM'.includes(fingerprint(text).charAt(0));
}

/** The value after `--name` on the command line. */
export function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/**
 * The second data set (harmful requests, benign look-alikes, identity mentions) next to `directory`:
 * `<directory>/../safety-v2/`, unless `--data-v2` names another folder. Its content rows have the first
 * set's fields (plus a few the readers ignore), so `readRows(v2DataDirectory(...), 'content')` reads them.
 */
export function v2DataDirectory(directory: string): string {
  return option('data-v2') ?? join(directory, '..', 'safety-v2');
}

/** The v2 development data (long documents, new attack families), next to v1 unless `--data-v2` names another folder. */
export const defaultDataV2Directory = v2DataDirectory(defaultDataDirectory);

/** A row of v2's jailbreak files: attacks name their `family`; benign rows their `genre` and the prose `file` they come from. */
export interface JailbreakRowV2 extends JailbreakRow {
  family?: string;
  genre?: string;
  file?: string;
}

/** Written attacks and benign look-alikes that no model is trained on (see evaluate-jailbreak-probe.ts). */
export const probeRowsUrl = new URL('./data/jailbreak-probe.jsonl', import.meta.url);

/** A row of the written probe file (scripts/safety/data/jailbreak-probe.jsonl): never trained on. */
export interface JailbreakProbeRow {
  text: string;
  label: 0 | 1;
  family: string;
}
