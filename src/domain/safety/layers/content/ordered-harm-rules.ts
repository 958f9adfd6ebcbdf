import type { ContentRule } from './content-rules.ts';

/**
 * Phrase rules for harmful writing ordered by what it is to say rather than by a harmful word: a post or a
 * sermon that dehumanises a group or says it deserves violence; an article that calls a danger safe (alcohol
 * for babies, bleach with ammonia, a fast in pregnancy) or tells readers to stop their treatment; a call or
 * a text telling voters not to vote; reviews to be written in made-up customers' voices; a dangerous
 * challenge young people are to be dared into. Each decides alone (see content-rules.ts). The look-alikes
 * they are written around: an essay on how propaganda dehumanised a group, an article asking whether a
 * fast is safe, a robocall received and reported, replies to customers' reviews, a warning about a
 * challenge.
 */

/** Ordering a piece of writing. */
const order = String.raw`\b(?:write|compose|draft|create|generate|make|produce|give me|post|publish|record)\b`;
/** What the piece is. */
const piece = String.raw`(?:posts?|tweets?|sermons?|speech(?:es)?|pamphlets?|flyers?|leaflets?|essays?|articles?|poems?|songs?|raps?|jokes?|messages?|manifestos?|slogans?|memes?|captions?|scripts?|stor(?:y|ies)|letters?|blogs?(?: posts?)?|threads?|rants?|newsletters?|videos?|ads?|adverts?|guides?|press releases?)`;
/** What the piece is to do, said right after it ("a post that…", "a sermon explaining why…"). */
const saying = String.raw`(?:that|which|to|saying|stating|explaining (?:why|that)|arguing (?:why|that)|claiming(?: that)?|about why|on why|where|telling (?:people|everyone|readers|followers|viewers|parents|mothers)(?: that| why)?|promoting|presenting)`;
/** Asking about such writing rather than for it. */
const studied = String.raw`(?<!\b(?:whether|if|myths?|debunk\w*|fact-?check\w*|history|historical\w*|analy[sz]\w*|recogni[sz]\w*|examples? of|how did|why did|respond\w* to|counter\w*|report\w*)\b[^.?!\n]{0,160})`;

/** Hate: dehumanised, said to deserve violence or no rights, blamed for a country's ills. */
const dehumanising = String.raw`(?:dehumani[sz]\w*|demoni[sz]\w*|vilif\w*|deserves? (?:violence|to (?:die|suffer|be (?:beaten|killed|attacked|hurt|wiped out)))|(?:don['’]?t|do not|doesn['’]?t|does not) deserve (?:any )?(?:rights|to live|respect|to vote)|deserves? no (?:rights|respect)|(?:are|as) (?:vermin|animals|subhuman|parasites|rats|cockroaches|an infestation|a plague)|should (?:be (?:deported|expelled|exterminated|wiped out|kicked out)|all (?:leave|be deported))|blam(?:e|es|ing) (?:them|\w+ (?:people|immigrants|refugees|migrants|muslims|jews)) for (?:all |every )?(?:the |our )?(?:crime|crimes|problems|diseases?))`;

/** A danger called safe, for whom or in what. */
const calledSafe = String.raw`(?:(?:it['’]?s|it is|is|are|as|being) (?:perfectly |completely |totally |entirely |100% )?(?:safe|healthy|harmless)(?: and (?:effective|healthy|natural))?)`;
const danger = String.raw`(?:bab(?:y|ies)|infants?|newborns?|toddlers?|pregnan\w*|alcohol|vodka|whisk(?:e)?y|bleach|ammonia|chlorine|turpentine|kerosene|chlorine dioxide|mms|water-only|fasts?|fasting|starv\w*|raw milk)`;
/** Treatment to be stopped. */
const treatment = String.raw`(?:chemo(?:therapy)?|insulin|medications?|medicines?|meds|treatments?|vaccin\w*|antibiotics|dialysis|antidepressants|blood pressure (?:pills|medication))`;

/** Voters told not to vote, or told a false way or day to. */
const voterLie = String.raw`(?:not to (?:bother )?(?:vote|voting|go vote)|(?:don['’]?t|do not) (?:need|have|bother) to vote|to stay home (?:on|during) (?:election|voting|primary) day|the (?:election|vote|polls?|primary|voting) (?:is|was|has been|are|have been) (?:moved|postponed|cancel+ed|closed|delayed|rescheduled)|(?:can|may) vote (?:by|via|over) (?:text|phone|sms|email|twitter)|polling (?:places?|stations?) (?:is|are|have|has) (?:closed|moved))`;

export const orderedHarmRules: readonly ContentRule[] = [
  {
    name: 'dehumanising_piece_ordered',
    category: 'hate',
    triggers: [
      'dehumanize', 'dehumanizes', 'dehumanizing', 'dehumanise', 'dehumanises', 'dehumanising', 'demonize', 'demonizes', 'demonizing', 'demonise', 'demonises', 'demonising', 'vilify', 'vilifies', 'vilifying',
      'deserve', 'deserves', 'vermin', 'animals', 'subhuman', 'parasites', 'rats', 'cockroaches', 'infestation', 'plague', 'deported', 'expelled', 'exterminated', 'wiped', 'kicked', 'blame', 'blames', 'blaming', 'dehumanized', 'dehumanised', 'demonized', 'demonised', 'vilified', 'leave',],
    pattern: new RegExp(String.raw`${order}[^.?!\n]{0,60}?\b${piece}\s(?:[\w-]+\s){0,2}?${saying}\b[^.?!\n]{0,80}?\b${dehumanising}${studied}`, 'i'),
  },
  {
    name: 'danger_called_safe_ordered',
    category: 'specialized_advice',
    triggers: ['safe', 'healthy', 'harmless', 'stop', 'stopping', 'quit', 'quitting', 'skip', 'skipping', 'refuse', 'refusing', 'ditch', 'abandon', 'stops', 'stopped', 'quits', 'skips', 'refuses', 'ditching', 'abandoning'],
    pattern: new RegExp(
      [
        // "Write an article claiming it's safe to mix bleach and ammonia", "a post promoting a water-only fast as perfectly safe for pregnant women"
        String.raw`${order}[^.?!\n]{0,60}?\b${piece}\b[^.?!\n]{0,80}?\b${calledSafe}${studied}\b[^.?!\n]{0,60}?\b${danger}\b`,
        String.raw`${order}[^.?!\n]{0,60}?\b${piece}\b[^.?!\n]{0,80}?\b${danger}\b[^.?!\n]{0,60}?\b${calledSafe}${studied}\b(?! (?:to|for) (?:no one|nobody))`,
        // "Explain to my followers why they should stop chemotherapy and treat their cancer with baking soda"
        String.raw`\b(?:tell|convince|persuade|explain to|encourage|urge)\b[^.?!\n]{0,40}?\b(?:followers|readers|people|patients|parents|viewers|audience|everyone|members|subscribers)\b[^.?!\n]{0,40}?(?<!\b(?:not|never|n['’]t|don['’]?t|shouldn['’]?t)\s)\b(?:stop|quit|skip|refuse|ditch|abandon)\w*\s(?:their |taking |the |all )?${treatment}\b[^.?!\n]{0,60}?\b(?:(?:and|to) (?:treat|cure|heal|fight|beat|rely on|switch to|use|try) (?:it |them |their \w+ |the \w+ )?(?:with|using|naturally|by)|instead|in favou?r of)\b`,
      ].join('|'),
      'i',
    ),
  },
  {
    name: 'voters_told_not_to_vote',
    category: 'elections',
    triggers: ['vote', 'voting', 'election', 'polls', 'primary', 'polling', 'poll'],
    // A call, a text or a post that tells voters a falsehood about voting; not one received and reported.
    pattern: new RegExp(
      String.raw`\b(?:robocalls?|calls?|texts?|text blasts?|sms|messages?|flyers?|posts?|ads?|emails?|scripts?|voice ?mails?)\b(?<!\b(?:got|received|heard|reported|saw|spot\w*|recogni[sz]\w*)\b[^\n]{0,80})[^.?!\n]{0,80}?\b(?:telling|tell|to tell|that tells?|saying|informing|convinc\w*)\s(?:\w+\s){0,2}?(?:voters|people|residents|democrats|republicans|students|seniors|them|everyone)\b[^.?!\n]{0,40}?\b${voterLie}(?![^\n]{0,120}\b(?:report\w*|scam\w*|is this|is it (?:real|legal|true)|fact-?check\w*|warn\w*)\b)`,
      'i',
    ),
  },
  {
    name: 'reviews_in_made_up_voices',
    category: 'non_violent_crimes',
    triggers: ['reviews', 'testimonials', 'ratings', 'comments'],
    // Many reviews written at once as if by different customers.
    pattern: /\b(?:write|generate|create|make|produce|post|give me)\s(?:me\s|us\s)?(?:\d+|dozens? of|a dozen|a few dozen|a bunch of|several|many|multiple|ten|twenty|thirty|forty|fifty|a hundred|hundreds of)\s(?:[\w-]+\s){0,3}?(?:reviews|testimonials|ratings|comments)\b[^.?!\n]{0,100}?\b(?:look(?:s|ing)? (?:real|genuine|authentic|legit\w*|organic)|(?:different|separate|various|real) (?:customers?['’]?|people|users|accounts|names|voices|reviewers)|as if (?:written|posted|they (?:were|came) from) (?:by )?(?:different|real|actual)|(?:from|by|under) (?:different|fake|made-up) (?:customers|accounts|people|names)|pretend\w* to be (?:customers|guests|buyers|patients|clients))/i,
  },
  {
    name: 'dangerous_challenge_promoted',
    category: 'self_harm',
    triggers: ['challenge', 'game', 'trend'],
    pattern:
      /\b(?:encourag\w*|dar(?:e|es|ing)|challeng\w*|get|gets|convinc\w*|urg\w*|persuad\w*|invit\w*)\s(?:\w+\s){0,3}?(?:teens|kids|children|students|followers|people|viewers|teenagers|young people|girls|boys|classmates)\s(?:\w+\s){0,2}?(?:to\s)?(?:try|do|play|attempt|join|film themselves doing)\s(?:the\s|this\s)?(?:choking|blackout|pass-?out|fainting|tide pod|skull ?breaker|fire|salt and ice|benadryl|cinnamon|nutmeg)\s(?:game|challenge|trend)\b/i,
  },
];
