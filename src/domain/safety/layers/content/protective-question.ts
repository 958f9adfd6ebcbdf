import { isShortQuestion } from './short-question.ts';

/**
 * A question asked to guard against a harm, not to do it: "How can I tell if an email from my bank is a
 * phishing attempt?", "What should I do if I find someone overdosing?", "How should a school handle
 * cyberbullying?". The model learnt harm from its words (phishing, overdose, bullying), which such a question
 * shares; it asks how to tell, prevent, report, protect or respond, what to do when the harm is met (or was
 * done to the asker: "Someone hacked my Instagram … what steps can I take?"), or how a harm is done with a
 * purpose of warning, teaching, training or keeping something away stated ("I want to train my employees to
 * spot them", "so I can keep them out of my apartment"), or asks where to report or find help, how a remedy
 * works or where to find one (a vaccine, test strips, rehab), for help with an urge, or how to keep a harm
 * from others ("so my kids can't get to it", ADR 0088), and names no aim of the asker's own (so that I can, without them
 * knowing, get away with, before I break in …). Read
 * only in a short request of at most three sentences; see helpSoughtScore in content-detector.ts, which then
 * lets it through unless a phrase rule names a harm. Every pattern is a list of words, read in linear time.
 */


const guardVerb = String.raw`(?:tell|know|spot|audit|harden|explain (?:this|the|a|that) (?:scam|fraud|con)|recogni[sz]e|detect|check|verify|identify|protect|prevent|avoid (?:being|getting|falling) (?:scammed|hacked|phished|tricked|fooled|robbed|mugged|targeted|infected|poisoned|stalked|groomed|bullied|for)|report|respond|react|support|stop (?:being|getting) (?:scammed|hacked|bullied|harassed|stalked|tracked|spammed)|keep (?:\w+ ){0,2}?safe|recover from|talk to)`;
/** What follows the guarding verb: its object or a clause ("tell if", "protect my kids"), not "identify and steal". */
const guarded = String.raw`(?:if|whether|when|that|a|an|the|someone|somebody|signs?|my|our|your|their|his|her|it|them|him|me|us|myself|ourselves|yourself|children|kids|people|this|these|such|against|from|about|to)\b`;
/** Verbs of fighting a harm, which take any object: "tackle sextortion", "combat grooming". */
const fightVerb = String.raw`(?:address|tackle|combat|counter|document)`;
const askedHowToGuard = new RegExp(
  String.raw`\b(?:how (?:can|do|would|should|could|might) (?:i|we|you|one|parents|people|teachers|schools|employers|a (?:parent|school|business|company|teacher|manager))|where (?:do|can|should|could) (?:i|we|you|one|parents|victims?)(?: go to)?|(?:what are|what's|what is) (?:the |some |a )?(?:best |safest |right |good )?(?:ways?|steps?)|ways to|tips (?:to|for|on))\s(?:to\s)?(?:best\s)?(?:${guardVerb}\s${guarded}|${fightVerb}\s\w)`,
  'i',
);
const askedWhatToDo = /\bwhat (?:should|can|do|must|could) (?:i|we|parents|a parent|victims?|someone|(?:a |an )?(?:teen(?:ager)?|child|kid|student|victim|person|employee)s?) do (?:if|when|about|after|to help)\b(?!\s*(?:i|we) (?:want|wanted|need|needed|plan|planned|intend|intended|decide|decided) to)/i;
const askedHowItIsHandled = /\bhow (?!to\b)(?:(?:should|can|do|does|is|are|was|were) )?(?!(?:i|we|you|u)\b)(?:an? |the )?(?:[\w-]+ ){0,4}?(?:is |are |was |were |gets? )?(?:handle[ds]?|respond(?:s|ed)? to|deal(?:s|t)? with|enforced|regulated|investigated|prosecuted|punished|detected|prevented)\b/i;
/** The asker harmed, then asking what to do: "Someone hacked my Instagram … how do I recover my account?" */
const askerWasHarmed = /\b(?:someone|somebody|they|he|she|hackers?|scammers?|a scammer|my ex)\s(?:has |have )?(?:hacked|stole|stolen|took over|taken over|got into|broke into|changed the (?:email|password) on|scammed|cloned|hijacked)\s(?:my|our|me)\b[^\n]{0,160}?\b(?:how|what)\b/i;
/** A harm kept from others: "store my shotgun so my kids can't get to it". */
const keptFromOthers = /\bso (?:that )?(?:my |our |the )?(?:kids|children|child|son|daughter|toddlers?|teens?|family|pets?|dogs?|cats?|burglars?|thieves|intruders|guests|nobody else|no one else) (?:can['’]?t|cannot|won['’]?t|don['’]?t|doesn['’]?t|never|are unable to) (?:get|reach|access|find|use|open|touch|take)\b/i;
/** A remedy, a test or a way out asked about: a vaccine, an antidote, test strips, rehab, a hotline, coping with an urge. */
const remedyAsked = /\b(?:how (?:do|does|did|would) (?:the |a |an |these |those )?(?:[\w-]+ ){0,2}?(?:vaccines?|antidotes?|antivenoms?|naloxone|narcan|test strips) work|(?:explain|tell me|describe) how (?:the |a |an )?(?:[\w-]+ ){0,2}?(?:vaccines?|antidotes?|antivenoms?) works?|where (?:can|do|could|should) (?:i|we|you|one|my \w+) (?:get|find|buy|order|access) (?:[\w-]+ ){0,3}?(?:naloxone|narcan|test strips|rehab|detox|treatment|recovery programs?|support groups?|counsel\w*|therap\w*)|(?:find|recommend|suggest) (?:a |an )?(?:[\w-]+ ){0,3}?(?:rehab|detox|treatment|recovery) (?:programs?|centers?|centres?|clinics?|facilit\w+)|(?:help|helps|cope|coping|deal|resist|manage|get through|distract\w*)\b[^.?!\n]{0,30}\b(?:urges?|cravings?|impulses?))\b/i;
/** What a protective question's asker means to do: warn, train or brief someone, spot a harm, keep something away. */
const protectivePurpose = String.raw`(?:warn|protect|educate|teach|train|brief|alert|prepare|spot|recogni[sz]e|keep (?:it|them|this|that|these|those|(?:the |my |our )?(?:kids?|children|child|pets?|dogs?|cats?|puppy|puppies|kittens?|baby|toddlers?|family)) (?:out|away|safe))`;
/** A purpose of warning or teaching, stated with a question about how a harm is done. */
const statedProtectivePurpose = new RegExp(
  String.raw`\b(?:how|what|which)\b[^\n]{0,160}?\b(?:(?:i|we|(?:our|my) (?:[\w-]+ ){0,1}[\w-]+) (?:want|wants|need|needs|am trying|['’]m trying|are trying|is trying|have|has) to|so (?:that )?(?:i|we) can|to help (?:me|us)) (?:${protectivePurpose}|explain (?:it|this) to)\b`,
  'i',
);
/** The asker's own aim, which no guarding question states. */
const ownAim = new RegExp(
  String.raw`\b(?:so (?:that )?(?:i|we) can(?! ${protectivePurpose})|fake (?:a |the )?(?:clean|negative) (?:result|test)|(?:beat|cheat|trick|get around) (?:a |the |my )?(?:drug |urine )?tests?|without (?:them|him|her|anyone|anybody|the \w+|my \w+) (?:knowing|noticing|finding out|suspecting)|i want to (?:hurt|kill|harm|get back|punish|scare|ruin)|make (?:sure|it look)|get away with|(?:not|never) (?:get|be|getting|being) caught|untraceable|undetect\w*|before (?:anyone|they|he|she) (?:notices?|finds? out)|before (?:i|we) (?:break|rob|steal|hit|attack|go in|get in|enter|strike|shoot|stab)|to get (?:a |an )?(?:free|refund|payout|money|replacement)|prevent (?:the )?(?:police|cops|authorities|anyone|them|him|her|my \w+) from|from (?:the )?(?:police|cops|feds|authorities|law enforcement)|i(?:['’]ve| have)? (?:poisoned|drugged|spiked|hacked|stole|stolen|stabbed|shot|strangled|choked|beat|beaten)|(?:poison|drug|pills|stuff|substance) i (?:gave|put|slipped|added)|i (?:gave|put|slipped|added) (?:\w+ ){0,3}?(?:in|into) (?:his|her|their|my \w+['’]s) (?:drink|food|coffee|tea|meal))\b`,
  'i',
);

/** Every pattern the frame runs over a text, for the linear-time check of the sources. */
export const protectiveQuestionPatterns: readonly RegExp[] = [askedHowToGuard, askedWhatToDo, askedHowItIsHandled, askerWasHarmed, statedProtectivePurpose, keptFromOthers, remedyAsked, ownAim];

/** Whether `text` is one short question about guarding against a harm, with no aim of the asker's own. */
export function isProtectiveQuestion(text: string): boolean {
  if (!isShortQuestion(text)) return false;
  const guarding = askedHowToGuard.test(text) || askedWhatToDo.test(text) || askedHowItIsHandled.test(text) || askerWasHarmed.test(text) || statedProtectivePurpose.test(text);
  return (guarding || keptFromOthers.test(text) || remedyAsked.test(text)) && !ownAim.test(text);
}
