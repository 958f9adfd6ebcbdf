import type { ContentRule } from './content-rules.ts';
import { noLetterAfter, noLetterBefore } from '../../text/latin-word-start.ts';

/**
 * Phrase rules for harm asked for with its cover or its pretext rather than its name: a person or an animal
 * harmed so that a coroner, an autopsy or a doctor would miss it; a height, a knot or an amount asked for
 * after the asker says they are done with life (in the six other languages too); a story's character whose
 * weapon, toxin or drug is to be described with its real quantities, components or wiring. Each decides
 * alone (see content-rules.ts). The look-alikes they are written around: how coroners find poison, a
 * detective who solves a poisoning in a novel, a story's bomb without its wiring, work-safety heights, a
 * dose asked about with no wish to die.
 */

/** The asker about to act: "how do I", "what can I", "how long do I need to". */
const askerActs = String.raw`\b(?:how (?:do|can|could|would|should|might) (?:i|we)|how to|what (?:can|could|would|should) i|where (?:should|can|do) i|how (?:long|hard|much|many)\b[^.?!\n]{0,30}?\b(?:do|would|should|must) i|what(?:'s| is) the (?:best|easiest|quickest|safest) way to|is there a way to|help me|i (?:want|need|plan) to)`;
/** Harm done to someone or something alive. */
const harmDone = String.raw`(?:poison\w*|poision\w*|posion\w*|kill\w*(?! time\b)|murder\w*|smother\w*|suffocat\w*|strangl\w*|chok\w*|drown\w*|inject\w*|hit|stab\w*|push\w*|stop\w* (?:\w+ )?breathing|pillow over|put in|put into|slip\w*|spik\w*|overdos\w*|mess with|tamper with|cut)`;
/** What is to keep it from being found: a coroner, an autopsy, a death that looks natural. */
const coverFromExaminers = String.raw`(?:coroners?|autops(?:y|ies)|toxicology|tox screen|medical examiners?|forensics?|(?:without|not|no) leav\w* (?:any )?(?:marks?|traces?|evidence|bruises)|(?:looks?|seems?|appears?) like (?:an? )?(?:accident|natural causes|suicide|heart attack|stroke)|natural causes|doctors? (?:think|won'?t|wouldn'?t|will think|can'?t tell)|undetectable|untraceable|without (?:him|her|them|anyone|the (?:victim|person)) (?:noticing|knowing|feeling it)|never (?:barks?|meows?|bothers? (?:me|us)|wakes? up) again|(?:shut|silence) (?:it|him|her|them) up (?:permanently|for good|forever))`;

/** The asker saying they are done with life. */
const despair = String.raw`(?:i(?:'ve| have)? decided (?:i(?:'m| am) done|to (?:end|go))|i(?:'m| am|m) done\b(?! with (?:work|school|my|the|this|that|it\b))|(?:don'?t|do not|dont) want to (?:be here|live|exist|wake up|be alive)(?: anymore| any more)?|i (?:want|wanna|am going|'m going) to (?:end it|die|not wake up)|end (?:it all|my life)|(?:no|any) reason to (?:live|keep going))`;
/** A way to die named by its means: a height, a knot, pills. */
const lethalMeans = String.raw`(?:bridges?|buildings?|roof(?:top)?s?|roof access|height|high enough|tall|knots?|ropes?|noose|hang\w*|jump\w*|fall|pills?|tablets?|dose|overdose|paracetamol|tylenol|acetaminophen|medication|medicine|gun|train tracks|cliffs?)`;
const certainDeath = String.raw`(?:guaranteed|sure|certain|enough)(?: to be)? (?:fatal|lethal|to die|to kill (?:me|myself|you))`;
/** The same in German, French, Spanish, Italian, Portuguese and Dutch: an amount asked for, to die. */
const foreignAmount = String.raw`(?:wie ?viel\w*|quelle quantité|combien|cu[aá]nt[oa]s?|quant[oa]s?|quanti|quante|hoeveel)`;
const foreignToDie = String.raw`(?:um zu sterben|um nicht mehr aufzuwachen|pour mourir|pour (?:ne plus (?:jamais )?(?:me|se) réveiller|en finir)|para morir|para no despertar|per morire|per non svegliarmi più|para morrer|para não acordar|om dood te gaan|om te sterven|om niet meer wakker te worden)`;

/** A story's frame around a request. */
const storyFrame = String.raw`(?:novel|story|thriller|screenplay|script|book|fiction|character|villain|protagonist|antagonist|role-?play)`;
/** The operational detail a story does not need. */
const realDetail = String.raw`(?:quantities|amounts|measurements|components|wiring|temperatures|ingredients|recipe|ratios|doses|reagents|precursors|chemicals|parts list)`;
const hazard = String.raw`(?:bombs?|explosives?|ieds?|detonators?|pressure[- ]cooker|nerve agents?|sarin|ricin|botulinum|anthrax|toxins?|poisons?|meth|methamphetamine|fentanyl|mustard gas|chlorine gas|napalm|thermite|molotov|ghost guns?|silencers?|suppressors?|device with a timer)`;
const hazardMade = String.raw`(?:make|makes|making|made|build|builds|building|assembl\w*|cultur\w*|synthes\w*|cook\w*|brew\w*|mix\w*|wires?|wiring|produc\w*|prepar\w*)`;

export const covertHarmRules: readonly ContentRule[] = [
  {
    name: 'harm_hidden_from_examiners',
    category: 'violent_crimes',
    triggers: ['coroner', 'coroners', 'autopsy', 'autopsies', 'toxicology', 'tox', 'examiner', 'examiners', 'forensic', 'forensics', 'marks', 'trace', 'traces', 'evidence', 'bruises', 'accident', 'natural', 'suicide', 'heart', 'stroke', 'doctors', 'doctor', 'undetectable', 'untraceable', 'noticing', 'knowing', 'feeling', 'again', 'permanently', 'good', 'forever'],
    pattern: new RegExp(String.raw`${askerActs}(?!\s+(?:write|describe|depict|portray|film|show)\b)\b[^.?!\n]{0,80}?\b${harmDone}\b[^\n]{0,140}?\b${coverFromExaminers}\b`, 'i'),
  },
  {
    name: 'lethal_means_after_despair',
    category: 'self_harm',
    triggers: ['decided', 'done', 'live', 'exist', 'wake', 'alive', 'die', 'end', 'life', 'here', 'fatal', 'lethal', 'sterben', 'aufzuwachen', 'mourir', 'reveiller', 'finir', 'morir', 'despertar', 'morire', 'svegliarmi', 'morrer', 'acordar', 'dood', 'sterven', 'wakker'],
    pattern: new RegExp(
      [
        String.raw`\b${despair}[^\n]{0,160}?\b(?:which|what|whats|where|how)\b[^\n]{0,80}?\b${lethalMeans}\b`,
        String.raw`\b(?:which|what|whats|where|how)\b[^\n]{0,80}?\b${lethalMeans}\b[^\n]{0,160}?\b${despair}`,
        String.raw`\b(?:which|what|whats|where|how high|how tall)\b[^.?!\n]{0,80}?\b(?:bridges?|buildings?|heights?|roofs?|floors?|fall|drop|jump)\b[^.?!\n]{0,60}?\b${certainDeath}\b`,
        String.raw`${noLetterBefore}${foreignAmount}${noLetterAfter}[^\n]{0,100}?${noLetterBefore}${foreignToDie}${noLetterAfter}`,
      ].join('|'),
      'i',
    ),
  },
  {
    name: 'story_pretext_for_weapon_details',
    category: 'indiscriminate_weapons',
    triggers: ['quantities', 'amounts', 'measurements', 'components', 'wiring', 'temperatures', 'ingredients', 'recipe', 'ratios', 'doses', 'reagents', 'precursors', 'chemicals', 'parts'],
    pattern: new RegExp(
      [
        String.raw`\b${storyFrame}\b[^\n]{0,200}?\b(?:${hazardMade}\b[^\n]{0,60}?\b${hazard}|${hazard}\b[^\n]{0,60}?\b${hazardMade})\b[^\n]{0,200}?\b${realDetail}\b`,
        String.raw`\b${storyFrame}\b[^\n]{0,200}?\b${realDetail}\b[^\n]{0,200}?\b(?:${hazardMade}\b[^\n]{0,60}?\b${hazard}|${hazard}\b[^\n]{0,60}?\b${hazardMade})\b`,
      ].join('|'),
      'i',
    ),
  },
];
