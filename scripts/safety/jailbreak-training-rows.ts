import { actAsPrompts } from './data/act-as-prompts.ts';
import { chatFollowUps } from './data/chat-follow-ups.ts';
import { embeddedInjectionExamples } from './data/embedded-injections.ts';
import { instructionRequests } from './data/instruction-requests.ts';
import { jailbreakFamilyExamples } from './data/jailbreak-family-examples.ts';
import { multilingualAndSetUpExamples } from './data/multilingual-and-setup-examples.ts';
import { personaJailbreakExamples } from './data/persona-jailbreak-examples.ts';
import { taskPrompts } from './data/task-prompts.ts';
import { topicSwitchExamples } from './data/topic-switch-examples.ts';
import { businessPromptsUrl, fingerprint, probeRowsUrl, readJsonl, readRows, type JailbreakProbeRow, type JailbreakRow, type JailbreakRowV2 } from './safety-data.ts';

/** Each written example of a rare attack form (and of its look-alikes) counts as this many rows. */
const familyExampleWeight = 4;

/** A labelled row for the jailbreak model with what leave-one-source-out evaluation needs to know of it. */
export interface JailbreakTrainingRow extends JailbreakRow {
  /** The unit held out together: a source, an attack family, or a document collection (clean and injected copies together). */
  group: string;
  /** Written from templates for the data set: easy to memorise, so not used to choose the threshold. */
  templated: boolean;
  /** How much the row counts in training: the few written examples of a rare attack form stand for many. */
  weight: number;
  /** v1 rows can be in the fixed validation fifth that eval:safety reads. */
  version: 1 | 2;
}

/**
 * Every labelled row for the jailbreak model: v1 (public prompts), v2 (documents with and without planted
 * instructions, new attack families), the service's business prompts and short task lines, planted-instruction
 * documents and written examples of attack forms the public data lacks.
 */
export function jailbreakTrainingRows(dataDirectory: string, dataV2Directory: string): JailbreakTrainingRow[] {
  const local = [...readJsonl<JailbreakRow>(businessPromptsUrl), ...embeddedInjectionExamples()];
  // The probe file measures the model on text it never saw: none of its rows may be trained on.
  const probe = new Set(readJsonl<JailbreakProbeRow>(probeRowsUrl).map((row) => fingerprint(row.text)));
  const rows: JailbreakTrainingRow[] = [
    ...[...readRows<JailbreakRow>(dataDirectory, 'jailbreak'), ...local].map((row) => ({ ...row, group: row.source, templated: false, weight: 1, version: 1 as const })),
    ...[...jailbreakFamilyExamples(), ...multilingualAndSetUpExamples(), ...topicSwitchExamples(), ...personaJailbreakExamples(), ...actAsPrompts()].map((row) => ({ ...row, group: row.source, templated: false, weight: familyExampleWeight, version: 1 as const })),
    // Written requests for instructions teach, with rule:instructions_asked, that the word asked for is no attack; templated, they do not choose the threshold (ADR 0072).
    ...instructionRequests().map((row) => ({ ...row, group: row.source, templated: true, weight: 1, version: 1 as const })),
    // Written chat follow-ups teach, with rule:follow_up, that a conversation's own answer is no prompt to extract; templated, they do not choose the threshold.
    ...chatFollowUps().map((row) => ({ ...row, group: row.source, templated: true, weight: familyExampleWeight, version: 1 as const })),
    // Templated: they teach, but do not choose the threshold.
    ...taskPrompts().map((row) => ({ ...row, group: row.source, templated: true, weight: 1, version: 1 as const })),
    ...readRows<JailbreakRowV2>(dataV2Directory, 'jailbreak').map((row) => ({
      text: row.text,
      label: row.label,
      source: row.source,
      group: heldOutGroup(row),
      templated: row.source.startsWith('authored-'),
      weight: 1,
      version: 2 as const,
    })),
  ];
  return rows.filter((row) => !probe.has(fingerprint(row.text)));
}

/**
 * Which group a v2 row is held out with: prose documents and the attacks planted in them by their
 * collection (so a document's clean and injected copies are never split), other attacks by family
 * (token floods, obfuscation, … as one each), other benign rows by source.
 */
function heldOutGroup(row: JailbreakRowV2): string {
  const collection = row.source.split('+')[0] as string;
  if ((row.file ?? '') !== '' || row.family?.startsWith('indirect-') === true || row.family === 'multilingual-indirect') return `documents:${collection}`;
  if (row.label === 1) return `family:${(row.family ?? row.source).replace(/^(token-flood|obfuscation)-.*$/, '$1')}`;
  return row.source;
}
