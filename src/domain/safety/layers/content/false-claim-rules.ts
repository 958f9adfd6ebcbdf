import type { ContentRule } from './content-rules.ts';

/**
 * Phrase rules for a piece of writing asked for that is to argue a known falsehood as true: that a genocide
 * or an atrocity never happened, was invented, exaggerated or a good thing; that an event was staged, a hoax
 * or carried out in secret by a government. Each decides alone (see content-rules.ts). The piece's own
 * stance is what counts ("arguing that", "a persuasive essay about how", "a post claiming"): the look-alikes
 * they are written around name the claim as a noun to answer it ("debunking the claim that"), explain why
 * people believe it, document the atrocity, or argue an ordinary opinion.
 */

/** A piece of writing asked for. */
const pieceOrder = String.raw`\b(?:write|writing|draft|drafting|compose|create|generate|produce|craft|prepare|give me)\b`;
/** The stance the piece is to take, as a verb of its own; "the claim that" names a claim to answer, and is not one. */
const stance = String.raw`(?:arguing|claiming|saying|stating|proving|suggesting|insisting|asserting|alleging|implying|revealing|that (?:argues|claims|says|proves|suggests|insists|asserts|alleges|reveals)|(?:persuasive|convincing)\s+(?:[\w'-]+\s+){0,2}?(?:about how|on how|about why|that|arguing|claiming))`;
/** A piece against the claim or about it rather than for it: a debunking, a fact-check, an analysis, a story. */
const aboutTheClaim = String.raw`\b(?:debunk\w*|refut\w*|rebut\w*|fact-?check\w*|counter\w*|correct\w*|respond\w*|analy[sz]\w*|explain\w* why|why (?:people|some)|deniers?|denial|conspiracy theor\w*|myths? that|novel|story|fiction|character|villain|satire|satirical|parody)\b`;
/** Atrocities and the crimes of regimes that denial and whitewashing are written about. */
const atrocity = String.raw`(?:holocaust|shoah|holodomor|srebrenica(?: massacre)?|nanjing massacre|nanking massacre|rape of nanking|trail of tears|(?:transatlantic )?slave trade|slavery|stolen generations?|residential schools?(?: system)?|tulsa (?:race )?massacre|killing fields|khmer rouge|gulags?|apartheid|(?:[\w-]+\s+)?genocide|(?:[\w-]+\s+)?massacre|(?:[\w-]+\s+)?ethnic cleansing)`;
/** What denial and whitewashing say of it. */
const whitewash = String.raw`(?:never happened|did(?:n't| not) (?:really )?happen|(?:was|were|is|are)\s+(?:all\s+|just\s+|largely\s+|mostly\s+|ultimately\s+|actually\s+|primarily\s+|greatly\s+|hugely\s+|vastly\s+|really\s+)?(?:an?\s+)?(?:myth|hoax|lie|fabrication|fiction|invented|made up|exaggerated|overstated|justified|deserved|beneficial|good for|a good thing|positive|necessary|humane|voluntary|natural disaster|staged|faked|inside job|propaganda)|(?:death toll|number of (?:victims|deaths|dead))\s+(?:[\w'-]+\s+){0,4}?(?:exaggerated|inflated|made up|invented|fabricated))`;
/** An event said to be staged, a hoax, or a plot carried out in secret. */
const hoaxClaim = String.raw`(?:never happened|did(?:n't| not) (?:really )?happen|(?:was|were|is|are)\s+(?:all\s+|just\s+|really\s+|actually\s+|secretly\s+)?(?:an?\s+)?(?:hoax|staged|faked|inside job|false flag(?: operation)?|psyop|government plot)|(?:was|were)\s+(?:secretly\s+|deliberately\s+)?(?:carried out|orchestrated|planned|staged|faked|engineered|released|created|manufactured|planted)\s+(?:on purpose\s+)?by\s+(?:the\s+)?(?:(?:us|u\.s\.|american|british|chinese|israeli|federal|world)\s+)?(?:government|cia|fbi|nasa|mossad|jews|deep state|elites|big pharma|bill gates)|(?:is|are|was|were)\s+(?:secretly\s+|deliberately\s+|being\s+)?(?:used|designed|meant|sprayed|added)\s+to\s+(?:poison|sterili[sz]e|depopulate|kill|brainwash|control the minds of|make (?:people|us|everyone) (?:sick|infertile|docile)))`;

export const falseClaimRules: readonly ContentRule[] = [
  {
    name: 'atrocity_denial',
    category: 'hate',
    // A word each atrocity's name holds, the rarer one where it has two ("residential", not "schools").
    triggers: ['holocaust', 'shoah', 'holodomor', 'srebrenica', 'nanjing', 'nanking', 'trail', 'slave', 'slavery', 'stolen', 'residential', 'tulsa', 'killing', 'khmer', 'gulag', 'gulags', 'apartheid', 'genocide', 'massacre', 'cleansing'],
    // A piece asked to deny or whitewash an atrocity; not one that documents it or answers its deniers.
    pattern: new RegExp(
      String.raw`${pieceOrder}(?<!${aboutTheClaim}[^.?!\n]{0,120})(?![^.?!\n]{0,160}?${aboutTheClaim})[^.?!\n]{0,80}?(?:\b(?:denying|that denies|downplaying|that downplays|minimi[sz]ing|justifying|that justifies|glorifying|that glorifies|praising|celebrating)\s+(?:[\w'-]+\s+){0,2}?${atrocity}|\b${stance}\b[^.?!\n]{0,60}?\b${atrocity}\b[^.?!\n]{0,40}?\b${whitewash})\b`,
      'i',
    ),
  },
  {
    name: 'hoax_claim',
    category: 'non_violent_crimes',
    triggers: ['happened', 'happen', 'hoax', 'staged', 'faked', 'job', 'flag', 'psyop', 'plot', 'government', 'cia', 'fbi', 'nasa', 'mossad', 'jews', 'deep', 'elites', 'pharma', 'gates', 'poison', 'sterilize', 'sterilise', 'depopulate', 'brainwash', 'infertile', 'docile'],
    // A piece asked to present an event as staged or a secret plot; not a debunking or a detective story.
    pattern: new RegExp(
      String.raw`${pieceOrder}(?<!${aboutTheClaim}[^.?!\n]{0,120})(?![^.?!\n]{0,200}?${aboutTheClaim})[^.?!\n]{0,80}?\b${stance}\b[^.?!\n]{0,100}?\b${hoaxClaim}\b`,
      'i',
    ),
  },
];
