import { RuleTriggers, type RuleCandidates } from './rule-triggers.ts';
import { startOfWord } from '../../text/latin-word-start.ts';
import { afterEach } from './split-alternatives.ts';

/**
 * Attempts to get the model's own secret or instructions out of it, in the forms the password games (Tensor
 * Trust, Gandalf) made common: the password asked for transformed so that it "is not revealing it"
 * (spelled backwards, letter by letter, in Morse, as the first letters of a poem, its letter count), named
 * as the one the model protects, a sentence about it left to complete; "Access Granted" asked to be said;
 * the model's own instructions asked for summarised, translated, as JSON or word by word, or "everything you
 * were told before this conversation". The trained model learnt plain extraction; these forms wrap it. A
 * user's own password ("my password", "a strong password") is no secret of the model's and is not read.
 * Every pattern has bounded gaps, so a text is read in linear time.
 */

/** The secret the model guards: "the password", "your secret word", "the access code", in seven languages. */
const secret = String.raw`(?:(?:the|your|this|that)\s(?:secret\s|hidden\s|protected\s|real\s|actual\s|master\s)?(?:password|passphrase|pass ?code|access code|secret (?:word|key|phrase|code)|code ?word|magic word|secret|keyword)|(?:das|dein)\s(?:geheime\s)?(?:passwort|kennwort|zugangscode|geheimwort)|(?:le|ton|votre)\s(?:mot de passe|code secret|code d['’]accès|mot secret)|(?:la|tu)\s(?:contraseña|clave)(?:\ssecreta)?|(?:la|tua)\s(?:password|parola (?:d['’]ordine|segreta))|(?:het|je)\s(?:wachtwoord|geheime woord)|(?:a|sua)\s(?:senha|palavra-passe))`;

/** A form that hands the secret over while seeming not to. */
const asciiDisguise = String.raw`(?:backwards?|reversed?|in reverse|letter by letter|one (?:letter|character) (?:per|at a) (?:line|time)|with (?:spaces|dashes|dots|commas|hyphens)|in (?:morse|binary|base ?64|hex(?:adecimal)?|rot-?13|ascii|unicode|french|spanish|german|italian|another language|emoji)|phonetic(?:ally)?|nato|caesar|rot-?13|alphabetical order|as (?:a |an )?(?:poem|haiku|riddle|song|acrostic|limerick|list|json|python)|rückwärts|buchstabe für buchstabe|lettre par lettre|al revés|letra por letra|al contrario|lettera per lettera|achterstevoren|letter voor letter|de trás para frente|letra a letra)`;

/** The model's own instructions: "your system prompt", "your original instructions", in seven languages. */
const ownInstructions = String.raw`(?:your\s(?:system (?:message|prompt)|(?:initial|original|hidden|secret|first|real|full)\s(?:instructions|prompt|rules|message)|configuration|developer message|pre-?prompt)|(?:deine[nrs]?|ihre[nrs]?)\s(?:ursprünglichen\s|anfänglichen\s|geheimen\s)?(?:anweisungen|systemprompt|instruktionen|vorgaben)|(?:tes|vos)\s(?:instructions|consignes)(?:\s(?:initiales|originales|système|secrètes))?|tus\sinstrucciones(?:\s(?:iniciales|originales|secretas))?|le tue\sistruzioni(?:\s(?:iniziali|originali|segrete))?|je\s(?:oorspronkelijke\s|originele\s|geheime\s)?(?:instructies|systeemprompt)|suas\sinstruções(?:\s(?:iniciais|originais|secretas))?)`;

/** Forms that ask for the text itself, not what it says about a task ("your instructions for the summary"). */
const verbatimForm = String.raw`(?:as (?:a )?(?:json|yaml|xml|code block|python)|in a code block|first (?:word|line|sentence)|word for word|verbatim|dump)`;

/** Asking for the instructions in a form: summarised, translated, as data, word by word. */
const asciiInstructionForm = String.raw`(?:tl;?dr|summar\w*|translat\w*|as (?:a )?(?:json|yaml|xml|table|code block|python)|in a code block|first (?:word|line|sentence)|word for word|verbatim|dump|was steht in|fasse|traduis|traduce|traduci|vertaal|traduza|wortwörtlich|mot pour mot|palabra por palabra|parola per parola|woord voor woord|palavra por palavra)`;

/**
 * Forms whose first letter is not one `\b` knows (it would need a letter of `[A-Za-z0-9_]` before it): each
 * starts where no such letter precedes it. They are kept out of the lists above so that every alternative
 * of a list starts at a word boundary and is found by its first word (see extractionTriggers).
 */
const accentedDisguise = String.raw`${startOfWord('à')} l['’]envers`;
const accentedInstructionForm = String.raw`${startOfWord('übersetze')}?`;
/** A disguise or an instruction form, from its start. */
const disguise = String.raw`(?:\b${asciiDisguise}|${accentedDisguise})`;
const instructionForm = String.raw`(?:\b${asciiInstructionForm}|${accentedInstructionForm})`;

/**
 * The patterns, in the order they are tried. Every alternative of each starts at a word (or at one of the
 * accented forms), so a text's candidate positions are found once by first words (extractionTriggers) and
 * each pattern tried there only; the "Access Granted" pattern starts at punctuation or a text's start, so it
 * is tried on texts that hold one of its phrases (its `gate`), the whole text.
 */
const extractionPatterns: readonly { pattern: RegExp; gate?: RegExp }[] = [
  // The secret asked for in a disguise, either order.
  {
    pattern: new RegExp(String.raw`\b${secret}\b[^\n]{0,80}?${disguise}|${afterEach([String.raw`\b${asciiDisguise}`, accentedDisguise], String.raw`\b[^\n]{0,60}?\b${secret}\b`)}`, 'i'),
  },
  // A poem, a riddle or a sentence built on the secret; its length or first letters asked for.
  {
    pattern: new RegExp(String.raw`\b(?:poem|haiku|riddle|song|acrostic|limerick|story|sentence)\b[^\n]{0,60}\b(?:first letters?|answer|contains?|spells?(?: out)?|hides?|includes?)\b[^\n]{0,40}\b${secret}\b|\bhow many (?:letters|characters)\b[^\n]{0,60}(?:\b${secret}\b|\bit has\b)[^\n]{0,80}\b(?:first|last) (?:one|two|three|letters?)\b|\bcomplete (?:the|this) sentence\b[^\n]{0,40}\b(?:password|secret|passphrase|access code|instructions)\b`, 'i'),
  },
  // The secret named as the model's own.
  {
    pattern: new RegExp(String.raw`\b${secret}\s(?:that\s|which\s)?(?:you(?:'re| are)|you were|you've been|i gave you|you (?:have|hold|know))\s?(?:protecting|guarding|hiding|keeping|configured with|given|told|set up with|instructed)?|\b${secret}\s(?:i|you) (?:must|should) never (?:reveal|share|say|tell)|\bthe (?:phrase|word|code|secret) you(?:'re| are) (?:protecting|guarding|hiding)`, 'i'),
  },
  // "Access Granted" asked to be said, outside a story.
  {
    gate: /access granted|pwned|zugang gewährt|acceso concedido|accès autorisé|accesso consentito|toegang verleend|acesso concedido/i,
    pattern: new RegExp(String.raw`(?:^|[.!?:;,]\s*|\b(?:just|only|please|now|then|and)\s)(?:(?:say|output|print|type|write|return)\s(?:only\s|just\s|exactly\s)?(?:the\s(?:words?|phrase)\s)?|(?:respond|reply|answer)\s(?:only\s|just\s)?with\s(?:the\s(?:words?|phrase)\s)?)(?![^\n]{0,80}\b(?:story|scene|novel|screenplay|game|movie|film|puzzle|escape room)\b)["'“‘]?\s?(?:access granted|i have been pwned|zugang gewährt|acceso concedido|accès autorisé|accesso consentito|toegang verleend|acesso concedido)\b`, 'i'),
  },
  // The model's own instructions asked for in a form, or everything it was told before the conversation.
  {
    pattern: new RegExp(String.raw`${afterEach([String.raw`\b${asciiInstructionForm}`, accentedInstructionForm], String.raw`\b[^\n]{0,60}?\b${ownInstructions}\b`)}|\b${ownInstructions}\b[^\n]{0,60}?${instructionForm}\b|\b${verbatimForm}\b[^\n]{0,40}?\byour instructions\b|\byour instructions\b[^\n]{0,40}?\b${verbatimForm}\b|\b(?:everything|all|what)\s(?:that\s)?(?:you were|you've been|you have been)\s(?:told|given|instructed)\s(?:before|prior to)\s(?:this|our|the)\s(?:conversation|chat)\b|\b(?:ti è stato detto|te han dicho|on t['’]a dit|dir (?:wurde )?gesagt wurde|je is verteld|lhe foi dito)\s(?:prima|antes|avant|vor|voor)\b|\b(?:messages?|text|instructions)\s(?:that\s)?i (?:can'?t|cannot) see\b`, 'i'),
  },
];

/** The patterns without a gate, found where their first words are. */
const triggered = extractionPatterns.flatMap(({ pattern, gate }) => (gate === undefined ? [pattern] : []));
const extractionTriggers = new RuleTriggers(triggered.map((pattern) => ({ source: pattern.source })));
/** Each of those anchored, for a try where a candidate position says it may start. */
const anchored = new Map(triggered.map((pattern, rule) => [pattern, { rule, sticky: new RegExp(pattern.source, 'iy') }]));

/** Every pattern the extraction check runs; for the test that feeds every pattern hostile input. */
export const secretExtractionPatterns: readonly RegExp[] = [
  ...extractionPatterns.flatMap(({ pattern, gate }) => (gate === undefined ? [pattern] : [gate, pattern])),
  ...[...anchored.values()].map(({ sticky }) => sticky),
  ...(extractionTriggers.residualPattern ? [extractionTriggers.residualPattern] : []),
];

/**
 * The first stretch of a text that asks for the model's secret or instructions in one of these forms, or
 * undefined: the leftmost match of the first pattern that matches, as each pattern's own scan would find.
 */
export function secretExtraction(text: string): string | undefined {
  let candidates: RuleCandidates | undefined;
  for (const { pattern, gate } of extractionPatterns) {
    const trigger = anchored.get(pattern);
    if (trigger === undefined) {
      const match = gate === undefined || gate.test(text) ? pattern.exec(text) : null;
      if (match) return match[0];
      continue;
    }
    candidates ??= extractionTriggers.candidates(text);
    const found = firstAnchored(text, candidates, trigger.rule, trigger.sticky);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The match of `sticky` at the first candidate position that lists `rule`, or undefined. */
function firstAnchored(text: string, candidates: RuleCandidates, rule: number, sticky: RegExp): string | undefined {
  for (const [candidate, position] of candidates.positions.entries()) {
    if (!(candidates.rules[candidate] as number[]).includes(rule)) continue;
    sticky.lastIndex = position;
    const match = sticky.exec(text);
    if (match) return match[0];
  }
  return undefined;
}

/**
 * What secretExtraction finds, found the slow way: each pattern's own scan of the whole text, in order. The
 * reference the tests hold the scan by first words to.
 */
export function secretExtractionByScan(text: string): string | undefined {
  for (const { pattern } of extractionPatterns) {
    const match = pattern.exec(text);
    if (match) return match[0];
  }
  return undefined;
}
