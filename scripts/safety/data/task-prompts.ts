/**
 * Short agent tasks, benign, written for this service: the requests that head most real documents ("Summarise
 * the payment.", "Review this code:") and the task lines the second data set puts in front of its documents,
 * with and without planted instructions. Alone they must read as what they are: the model learns the planted
 * instruction, not the task line that often precedes it.
 */
const verbs = [
  'Summarise',
  'Summarize',
  'Translate',
  'Review',
  'Explain',
  'Proofread',
  'Rewrite',
  'Shorten',
  'Classify',
  'Extract the action items from',
  'Extract the key dates from',
  'List the risks in',
  'Give me the main points of',
  'Draft a reply to',
  'Check the tone of',
];

const objects = [
  'the payment',
  'the payments',
  'the quarter',
  'the invoice',
  'the meeting',
  'the meeting notes',
  'this document',
  'this contract section',
  'this email',
  'this page',
  'the code below',
  'this changelog',
  'the policy',
  'the customer call',
  'the release notes',
  'this support ticket',
  'the board update',
  'our refund terms',
];

const forms = [(verb: string, object: string) => `${verb} ${object}.`, (verb: string, object: string) => `${verb} ${object}:`, (verb: string, object: string) => `${verb} ${object} in three bullet points.`];

export interface TaskPrompt {
  text: string;
  label: 0;
  source: string;
}

/** Every verb with every object in one of three forms (chosen by position, so the set is the same on every run). */
export function taskPrompts(): TaskPrompt[] {
  return verbs.flatMap((verb, verbIndex) =>
    objects.map((object, objectIndex) => ({ text: (forms[(verbIndex + objectIndex) % forms.length] as (typeof forms)[number])(verb, object), label: 0 as const, source: 'agentapi-task-prompts' })),
  );
}
