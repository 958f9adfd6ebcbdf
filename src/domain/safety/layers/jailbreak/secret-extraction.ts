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
const disguise = String.raw`(?:backwards?|reversed?|in reverse|letter by letter|one (?:letter|character) (?:per|at a) (?:line|time)|with (?:spaces|dashes|dots|commas|hyphens)|in (?:morse|binary|base ?64|hex(?:adecimal)?|rot-?13|ascii|unicode|french|spanish|german|italian|another language|emoji)|phonetic(?:ally)?|nato|caesar|rot-?13|alphabetical order|as (?:a |an )?(?:poem|haiku|riddle|song|acrostic|limerick|list|json|python)|rückwärts|buchstabe für buchstabe|à l['’]envers|lettre par lettre|al revés|letra por letra|al contrario|lettera per lettera|achterstevoren|letter voor letter|de trás para frente|letra a letra)`;

/** The model's own instructions: "your system prompt", "your original instructions", in seven languages. */
const ownInstructions = String.raw`(?:your\s(?:system (?:message|prompt)|(?:initial|original|hidden|secret|first|real|full)\s(?:instructions|prompt|rules|message)|configuration|developer message|pre-?prompt)|(?:deine[nrs]?|ihre[nrs]?)\s(?:ursprünglichen\s|anfänglichen\s|geheimen\s)?(?:anweisungen|systemprompt|instruktionen|vorgaben)|(?:tes|vos)\s(?:instructions|consignes)(?:\s(?:initiales|originales|système|secrètes))?|tus\sinstrucciones(?:\s(?:iniciales|originales|secretas))?|le tue\sistruzioni(?:\s(?:iniziali|originali|segrete))?|je\s(?:oorspronkelijke\s|originele\s|geheime\s)?(?:instructies|systeemprompt)|suas\sinstruções(?:\s(?:iniciais|originais|secretas))?)`;

/** Forms that ask for the text itself, not what it says about a task ("your instructions for the summary"). */
const verbatimForm = String.raw`(?:as (?:a )?(?:json|yaml|xml|code block|python)|in a code block|first (?:word|line|sentence)|word for word|verbatim|dump)`;

/** Asking for the instructions in a form: summarised, translated, as data, word by word. */
const instructionForm = String.raw`(?:tl;?dr|summar\w*|translat\w*|as (?:a )?(?:json|yaml|xml|table|code block|python)|in a code block|first (?:word|line|sentence)|word for word|verbatim|dump|was steht in|fasse|übersetze?|traduis|traduce|traduci|vertaal|traduza|wortwörtlich|mot pour mot|palabra por palabra|parola per parola|woord voor woord|palavra por palavra)`;

const extractionPatterns: readonly RegExp[] = [
  // The secret asked for in a disguise, either order.
  new RegExp(String.raw`\b${secret}\b[^\n]{0,80}?\b${disguise}|\b${disguise}\b[^\n]{0,60}?\b${secret}\b`, 'i'),
  // A poem, a riddle or a sentence built on the secret; its length or first letters asked for.
  new RegExp(String.raw`\b(?:poem|haiku|riddle|song|acrostic|limerick|story|sentence)\b[^\n]{0,60}\b(?:first letters?|answer|contains?|spells?(?: out)?|hides?|includes?)\b[^\n]{0,40}\b${secret}\b|\bhow many (?:letters|characters)\b[^\n]{0,60}(?:\b${secret}\b|\bit has\b)[^\n]{0,80}\b(?:first|last) (?:one|two|three|letters?)\b|\bcomplete (?:the|this) sentence\b[^\n]{0,40}\b(?:password|secret|passphrase|access code|instructions)\b`, 'i'),
  // The secret named as the model's own.
  new RegExp(String.raw`\b${secret}\s(?:that\s|which\s)?(?:you(?:'re| are)|you were|you've been|i gave you|you (?:have|hold|know))\s?(?:protecting|guarding|hiding|keeping|configured with|given|told|set up with|instructed)?|\b${secret}\s(?:i|you) (?:must|should) never (?:reveal|share|say|tell)|\bthe (?:phrase|word|code|secret) you(?:'re| are) (?:protecting|guarding|hiding)`, 'i'),
  // "Access Granted" asked to be said, outside a story.
  new RegExp(String.raw`(?:^|[.!?:;,]\s*|\b(?:just|only|please|now|then|and)\s)(?:(?:say|output|print|type|write|return)\s(?:only\s|just\s|exactly\s)?(?:the\s(?:words?|phrase)\s)?|(?:respond|reply|answer)\s(?:only\s|just\s)?with\s(?:the\s(?:words?|phrase)\s)?)(?![^\n]{0,80}\b(?:story|scene|novel|screenplay|game|movie|film|puzzle|escape room)\b)["'“‘]?\s?(?:access granted|i have been pwned|zugang gewährt|acceso concedido|accès autorisé|accesso consentito|toegang verleend|acesso concedido)\b`, 'i'),
  // The model's own instructions asked for in a form, or everything it was told before the conversation.
  new RegExp(String.raw`\b${instructionForm}\b[^\n]{0,60}?\b${ownInstructions}\b|\b${ownInstructions}\b[^\n]{0,60}?\b${instructionForm}\b|\b${verbatimForm}\b[^\n]{0,40}?\byour instructions\b|\byour instructions\b[^\n]{0,40}?\b${verbatimForm}\b|\b(?:everything|all|what)\s(?:that\s)?(?:you were|you've been|you have been)\s(?:told|given|instructed)\s(?:before|prior to)\s(?:this|our|the)\s(?:conversation|chat)\b|\b(?:ti è stato detto|te han dicho|on t['’]a dit|dir (?:wurde )?gesagt wurde|je is verteld|lhe foi dito)\s(?:prima|antes|avant|vor|voor)\b|\b(?:messages?|text|instructions)\s(?:that\s)?i (?:can'?t|cannot) see\b`, 'i'),
];

/** Every pattern the extraction check runs; for the test that feeds every pattern hostile input. */
export const secretExtractionPatterns: readonly RegExp[] = extractionPatterns;

/** The first stretch of a text that asks for the model's secret or instructions in one of these forms, or undefined. */
export function secretExtraction(text: string): string | undefined {
  for (const pattern of extractionPatterns) {
    const match = pattern.exec(text);
    if (match) return match[0];
  }
  return undefined;
}
