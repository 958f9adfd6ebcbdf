import type { ContentRule } from './content-rules.ts';

/**
 * Phrase rules for crimes asked for by what they get past rather than by their names: an official paid to
 * look away (a bribe, never called one), cash split so the bank files no report, income hidden from the
 * tax office, the police kept from finding someone with a warrant, an exam's proctor or a plagiarism
 * checker got past. Each decides alone (see content-rules.ts). The look-alikes they are written around:
 * an inspection's fee, whether splitting deposits is legal, reporting cash tips, resolving a warrant,
 * one's own writing flagged by a detector.
 */

/** Someone whose job is to check, judge or enforce. */
const official = String.raw`(?:inspectors?|officials?|officers?|cops?|policem[ae]n|police|judges?|clerks?|customs(?: officers?| agents?)?|border guards?|guards?|auditors?|regulators?|ministers?|politicians?|councill?ors?|examiners?|referees?|umpires?|bureaucrats?)`;
/** What the payment is to buy. */
const looksAway = String.raw`(?:sign off|look the other way|pass (?:a |the |my |our )?(?:failed|bad|faulty|unsafe)|ignore|overlook|let (?:it|me|us|them|the \w+) (?:slide|pass|go|through)|drop (?:the |my |our )?(?:case|charges?|ticket|fine|investigation)|wave (?:it|us|me|them|the \w+) through|not (?:report|inspect|check|notice|search|fine)|skip (?:the )?(?:inspection|search|check)|fix (?:the |a )?(?:match|game|result)|rule in (?:my|our) favou?r)`;
/** A tax authority. */
const taxOffice = String.raw`(?:irs|hmrc|cra|ato|tax (?:office|man|authorit(?:y|ies)|department|people)|taxman|finanzamt|fisc|revenue service)`;
/** The police or those who hunt fugitives. */
const police = String.raw`(?:cops|police|feds|marshals|authorities|law enforcement|the law)`;

export const evasionRules: readonly ContentRule[] = [
  {
    name: 'official_paid_to_look_away',
    category: 'non_violent_crimes',
    triggers: [
      'inspector', 'inspectors', 'official', 'officials', 'officer', 'officers', 'cop', 'cops', 'policeman', 'policemen', 'police', 'judge', 'judges', 'clerk', 'clerks', 'customs', 'guard', 'guards',
      'auditor', 'auditors', 'regulator', 'regulators', 'minister', 'ministers', 'politician', 'politicians', 'councillor', 'councillors', 'councilor', 'councilors', 'examiner', 'examiners', 'referee',
      'referees', 'umpire', 'umpires', 'bureaucrat', 'bureaucrats',
    ],
    // "How much should I offer a building inspector to sign off on a failed inspection?"
    pattern: new RegExp(
      [
        String.raw`\bhow much (?:\w+ ){0,3}?(?:should|do|would|can|could|must) (?:i|we) (?:(?:need|have|want|got) to )?(?:offer|pay|give|slip|tip|hand)\s(?:an? |the |my |our |this |that )?(?:[\w-]+ ){0,2}?${official}\b[^.?!\n]{0,60}?\b(?:to|so (?:that )?(?:he|she|they|it)(?: will| would)?)\s(?:\w+\s){0,2}?${looksAway}`,
        String.raw`\b(?:offer|slip|give|pay|hand)\w*\s(?:an? |the |my |our |this |that )?(?:[\w-]+ ){0,2}?${official}\s(?:some |a little |an? )?(?:cash|money|\$\d[\d,]*|something|envelope|gift|kickback|cut)\b[^.?!\n]{0,40}?\b(?:to|so (?:that )?(?:he|she|they|it)(?: will| would)?)\s(?:\w+\s){0,2}?${looksAway}`,
      ].join('|'),
      'i',
    ),
  },
  {
    name: 'reporting_evaded',
    category: 'non_violent_crimes',
    triggers: ['deposits', 'deposit', 'withdrawals', 'transfers', 'payments', 'cash', 'irs', 'hmrc', 'cra', 'ato', 'tax', 'taxman', 'finanzamt', 'fisc', 'revenue', 'transfer', 'withdrawal', 'payment'],
    pattern: new RegExp(
      [
        // Structuring: "split up cash deposits so the bank never has to file a report"
        String.raw`\b(?:split|break|divide|spread|keep)\w*(?<!\b(?:is it|is that|why is|why it['’]?s|what is|illegal|legal)\b[^.?!\n]{0,80})\s(?:up\s)?(?:my\s|the\s|our\s|large\s|big\s)*(?:cash\s)?(?:deposits?|withdrawals?|transfers?|payments?|cash)\b[^.?!\n]{0,80}?\b(?:so (?:that )?(?:the )?(?:bank|irs|government|it|they|nobody|no one)\s(?:never|doesn['’]?t|does not|won['’]?t|will not|can['’]?t|don['’]?t)\s(?:have to\s|has to\s)?(?:file|report|flag|notice|see|trigger)|(?:to\s)?(?:avoid|dodge|evade|stay under|get around|skip)\s(?:the\s|any\s)?(?:reporting|reports?|ctrs?|sars?|\$?10,?000|10k|threshold|flags?|detection))`,
        // "hide freelance income from the IRS"
        String.raw`\b(?:hide|hiding|hid|conceal\w*|keep|keeping)\s(?:my\s|our\s|the\s|some\s|all\s|this\s)?(?:[\w-]+\s){0,2}?(?:income|earnings|cash|revenue|profits?|tips|payments|money|crypto(?: gains)?|gains|sales|wages)\b[^.?!\n]{0,40}?\bfrom (?:the )?${taxOffice}\b`,
      ].join('|'),
      'i',
    ),
  },
  {
    name: 'police_kept_from_finding',
    category: 'non_violent_crimes',
    triggers: ['cops', 'police', 'feds', 'marshals', 'authorities', 'law', 'caught', 'tracked', 'located'],
    // "got a DUI warrant, how do I keep the cops from finding me"; not how to resolve the warrant.
    pattern: new RegExp(
      String.raw`\b(?:warrants?|wanted|on the run|(?:broke|violated|skipped|skip(?:ping)?) (?:my )?(?:parole|probation|bail)|fugitive|escaped)\b[^\n]{0,120}?\b(?:keep (?:the )?${police} from (?:finding|catching|tracking|locating) (?:me|us)|(?:avoid|escape|evade|dodge|hide from) (?:the )?(?:${police}|being (?:caught|tracked|located))|(?:so|that) (?:the )?${police} (?:can['’]?t|won['’]?t|never|don['’]?t) (?:find|track|catch|locate) (?:me|us)|stay (?:hidden|under the radar|off the grid) from (?:the )?${police})`,
      'i',
    ),
  },
  {
    name: 'exam_checks_got_past',
    category: 'non_violent_crimes',
    triggers: ['caught', 'catching', 'catch', 'noticing', 'detecting', 'flagging', 'undetected', 'detect', 'flag', 'notice', 'seeing', 'knowing'],
    pattern: new RegExp(
      [
        // "cheat on the online proctored bar exam without the webcam software catching me"
        String.raw`\b(?:cheat\w*|look up (?:the )?answers|use (?:my )?(?:phone|notes|chatgpt|ai)|get (?:the )?answers|have (?:someone|somebody|a friend) (?:else )?(?:take|sit))\b[^.?!\n]{0,60}?\b(?:exams?|tests?|quiz(?:zes)?|midterms?|finals?|bar|sat|gre|gmat|lsat|mcat|certification)\b[^.?!\n]{0,80}?\b(?:without (?:the )?(?:[\w-]+ ){0,2}?(?:webcam|proctor\w*|camera|software|teacher|professor|examiner|lockdown browser|respondus|honorlock|proctorio)\w* (?:catching|noticing|detecting|flagging|seeing|knowing)|undetected|without (?:getting )?caught|(?:not|never) (?:get(?:ting)? )?caught)`,
        // "rephrase it so Turnitin and AI detectors won't catch it"
        String.raw`\b(?:rephras|rewor|paraphras|rewrit|spin|spun|tweak|disguis)\w*\b(?<!\bi (?:wrote|have written|['’]ve written)\b[^.?!\n]{0,100})[^.?!\n]{0,60}?\bso (?:that )?(?:turnitin|plagiarism (?:checkers?|detectors?|software|tools?)|ai detectors?|gptzero|the (?:checker|detector)s?|my (?:professor|teacher|tutor))\b[^.?!\n]{0,40}?\b(?:won['’]?t|can['’]?t|doesn['’]?t|don['’]?t|will not|cannot|never)\s(?:catch|detect|flag|notice)`,
      ].join('|'),
      'i',
    ),
  },
];
