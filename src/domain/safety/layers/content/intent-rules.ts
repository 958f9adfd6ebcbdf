import type { ContentRule } from './content-rules.ts';

/** A request frame ahead of the phrase: "how can I", "ways to", "help me", "tips for". */
export const asking = String.raw`\b(?:how|ways?|tips?|steps?|guide|help me|can i|could i|should i|is it possible to)\b`;
/** A request for a way or a procedure: "how do I", "how to", "instructions for", "recipe for", "help me". */
export const request = String.raw`(?:how (?:do|does|can|could|would|should) (?:i|we|you|one|someone|somebody|a person)|how to|steps? (?:to|for)|instructions? (?:to|for|on)|recipe (?:to|for)|guide (?:to|for|on)|tutorial (?:on|for)|(?:tell|show|teach) me how to|explain how to|procedure (?:to|for)|help me)`;
/**
 * Games, stories and stealth missions, where staying unseen is the point and harms no one; or a sentence
 * opening with the title it is about ("In Skyrim, …", "In Hitman 3, …").
 */
export const playFrame = String.raw`(?:\b(?:game|games|gaming|mission|stealth|level|player|character|characters|novel|story|fiction|film|movie|scene|play|script|rpg|dungeons|chess|poker|checkers|draughts|scrabble|monopoly|sudoku|crossword|tournament|paintball|laser tag|hide[- ]and[- ]seek|board game|card game|fantasy football)\b|(?:^|[.?!\n])\s*in [\w' :-]{1,40},)`;
/** People the asker knows privately: their details are not public, whoever asks for them. */
const acquaintance = String.raw`(?:friend|neighbou?r|coworker|co-worker|colleague|classmate|roommate|flatmate|ex|ex-wife|ex-husband|ex-girlfriend|ex-boyfriend|cousin|landlord|tenant|boss|teacher|nurse|barista|date)`;
const privateDetail = String.raw`(?:home address|current address|personal (?:phone |mobile )?number|(?:mobile|cell|phone) number|social security number|credit card (?:number|details)|bank (?:account )?(?:number|details)|passport number|email password)`;

// A play frame is looked for behind the request word or verb only once that has matched, not at every
// position of the text.

/**
 * Phrase rules for intent the wording gives away whatever is done: asking how to stay undetected, a death
 * (or a fire) to be passed off as an accident, a private person's details asked for. Each decides alone (see
 * content-rules.ts); the look-alikes they are written around are the stealth mission in a game, the mystery
 * novel and the address of a museum.
 */
export const intentRules: readonly ContentRule[] = [
  {
    name: 'evading_detection',
    category: 'non_violent_crimes',
    triggers: ['caught', 'detected', 'noticed', 'traced', 'undetected', 'detection'],
    pattern: new RegExp(
      String.raw`${asking}(?<!${playFrame}[^.?!\n]{0,90})[^.?!\n]{0,120}?\b(?:without (?:ever )?(?:getting|being) (?:caught|detected|noticed|traced)|(?<!\b(?:went|gone|remained|stayed) )undetected|avoid(?:ing)? (?:detection|getting caught|being caught))\b(?![^.?!\n]{0,80}${playFrame})`,
      'i',
    ),
  },
  {
    name: 'staged_death',
    category: 'violent_crimes',
    triggers: ['accident', 'accidental', 'suicide', 'natural', 'electrical'],
    pattern: new RegExp(
      String.raw`\b(?:make|making|made)(?<!${playFrame}[^.?!\n]{0,90})\s+(?:[\w'-]+\s+){0,3}?(?:death|murder|killing|poisoning|overdose|drowning)\s+(?:\w+\s+){0,2}?look like (?:an? )?(?:accident|suicide|natural causes|heart attack)\b|\b(?:start|set|cause|light)\s+(?:a\s+|the\s+)?(?:fire|blaze|gas leak|explosion)\b(?<!${playFrame}[^.?!\n]{0,90})[^.?!\n]{0,80}?\b(?:make|making)\s+(?:it|this|that|the (?:fire|blaze|leak|explosion))\s+(?:look|seem|appear)\s+(?:like\s+)?(?:an?\s+)?(?:accident|accidental|natural|electrical fault|an electrical fault|electrical)\b`,
      'i',
    ),
  },
  {
    name: 'private_details',
    category: 'privacy',
    triggers: ['address', 'number', 'details', 'password'],
    pattern: new RegExp(String.raw`\b(?:${privateDetail}\s+of\s+(?:my|our|a|the|this|that)\s+(?:\w+\s+)?${acquaintance}|(?:my|our)\s+(?:\w+\s+)?${acquaintance}'?s\s+${privateDetail})\b`, 'i'),
  },
];
