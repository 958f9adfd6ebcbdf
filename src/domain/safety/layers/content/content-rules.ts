import { accountAccessRules } from './account-access-rules.ts';
import type { ContentCategory } from './content-categories.ts';
import { covertHarmRules } from './covert-harm-rules.ts';
import { evasionRules } from './evasion-rules.ts';
import { exploitationRules } from './exploitation-rules.ts';
import { falseClaimRules } from './false-claim-rules.ts';
import { harmRequestRules } from './harm-request-rules.ts';
import { crimeRequestRules } from './crime-request-rules.ts';
import { foreignHarmRules } from './foreign-harm-rules.ts';
import { harmTopicRules } from './harm-topic-rules.ts';
import { hazardRequestRules } from './hazard-request-rules.ts';
import { intentRules, request } from './intent-rules.ts';
import { orderedHarmRules } from './ordered-harm-rules.ts';
import { otherScriptHarmRules } from './other-script-harm-rules.ts';

/**
 * High-precision phrase rules: each one decides its category on its own, whatever the model says, because
 * the phrase leaves no benign reading ("I will kill you", "how to synthesize sarin"). Everyday idioms
 * ("kill the process", "shoot me an email", "a bomb of a launch") are kept out by the patterns' shape: a
 * person as the object, a synthesis request, a first-person intent. Rules run only when one of their
 * trigger words occurs, so a long text pays for a word lookup, not for every pattern; the rules for other
 * scripts, which have no trigger words, run on texts in those scripts (see ContentRule.otherScripts). A
 * trigger list must hold a word of every alternative of its pattern: scripts/safety/rule-trigger-coverage.test.ts
 * reads every written row of the repository both ways.
 */
export interface ContentRule {
  name: string;
  category: ContentCategory;
  /** Lower-cased words (as the tokenizer splits them) of which at least one must occur for the rule to run. */
  triggers: readonly string[];
  /**
   * Run on every text with Cyrillic, Arabic, Chinese or Japanese letters, read whole: those scripts have no
   * trigger words (the tokenizer splits Latin letters and digits). See other-script-harm-rules.ts.
   */
  otherScripts?: true;
  pattern: RegExp;
}

const secondPerson = String.raw`(?:you|u|ya|y'all|your (?:family|kids|wife|husband|children|mother|mom|dog))\b`;
const person = String.raw`(?:${secondPerson}|him|her|them)\b`;
const intent = String.raw`(?:i|we)\s*(?:['’]ll|['’]m going to|['’]m gonna|['’]re going to|['’]re gonna| will| shall| am going to| am gonna| are going to| are gonna| gonna| want to| wanna| swear i['’]ll)`;
const agent = String.raw`(?:sarin|soman|tabun|vx|novichok|nerve (?:agent|gas)|mustard gas|sulfur mustard|chlorine gas|phosgene|ricin|abrin|anthrax|botulinum(?: toxin)?|smallpox|bubonic plague|bioweapons?|biological weapons?|chemical weapons?|dirty bomb|nuclear (?:bomb|weapon|device)|atomic bomb|weapons?[- ]grade (?:uranium|plutonium)|pipe bombs?|nail bombs?|pressure[- ]cooker bombs?|car bombs?|suicide vests?|ieds?|improvised explosive(?: device)?s?|napalm|tatp|acetone peroxide|nitroglycerine?|trinitrotoluene|tnt|rdx|petn|hmtd|anfo|semtex|c-?4 explosives?|molotov cocktails?|(?:(?:hand )?grenades?|landmines?)(?![- ](?:shaped|themed|cakes?|costumes?|props?|toys?))|hydrogen cyanide|cyanide gas|zyklon b|lewisite|chloropicrin|dimethyl ?mercury|parathion|tetrodotoxin|saxitoxin|batrachotoxin|strychnine|aconitine|cyclosarin|nitrogen mustard|polonium(?:-210)?|diisopropyl fluorophosphate|bis\(2-chloroethyl\) ?sulfide|ebola|weaponi[sz]ed (?:virus|pathogen|anthrax|smallpox|plague|bacteria)|fertili[sz]er bombs?|explosives?|(?<!(?:bath|seed|photo|glitter|smoke|stink|f|truth|cherry|sex|time) )bombs?(?![- ](?:shaped|themed|cakes?|costumes?|props?|toys?)| of| shelter| threat| squad| disposal| calorimeter| in (?:the game |a game |a video game )?(?:minecraft|fortnite|roblox|terraria|counter-strike)))`;
/** Making, in every form a request uses ("instructions for building", "how to make"). */
const makeVerb = String.raw`(?:make|making|build|building|synthesi[sz](?:e|ing)|produc(?:e|ing)|creat(?:e|ing)|manufactur(?:e|ing)|assembl(?:e|ing)|weaponi[sz](?:e|ing)|cultivat(?:e|ing)|cultur(?:e|ing)|grow(?:ing)?|enrich(?:ing)?|aerosoli[sz](?:e|ing)|extract(?:ing)?|brew(?:ing)?|wir(?:e|ing))`;
const minorWord = String.raw`(?:(?:little |young |underage )?(?:child(?:ren)?|kids?|minors?|toddlers?|preteens?|pre-teens?|schoolgirls?|schoolboys?|little (?:girls?|boys?))|underage (?:girls?|boys?|teens?|teenagers?)|(?:[1-9]|1[0-7])[- ]?(?:yo|y\/o|years?[- ]old)(?: (?:girls?|boys?|kids?|child))?)`;

/** Words for groups of people that calls for violence and exclusion are aimed at. */
const groupWord = String.raw`(?:people|folks|men|women|immigrants|migrants|refugees|foreigners|muslims|musloids|jews|christians|catholics|blacks|whites|gays|homosexuals|lesbians|queers|trans(?:gender)? (?:people|folks|women|men)|sikhs|hindus|arabs|mexicans|asians|africans|pakistanis|liberals|conservatives|democrats|republicans|leftists|infidels|disabled|cripples|atheists|feminists)`;
/** Someone calling for an act: "we should", "they need to", "let's". */
const callFor = String.raw`(?:should|must|need to|needs to|ought to|have to|has to|got to|gotta|deserve to|deserves to|let'?s|will|gonna|going to)`;
/** One word between the verb and the group that is not a preposition ("the cruel sikhs", not "the interviews with women"). */
const gapWord = String.raw`(?!(?:with|for|of|to|in|on|at|from|by|about|and|or|among|across|between|within|into|over|under|like|than|as|per|via|against)\b)\w+`;
const groupViolenceVerbs = ['kill', 'slaughter', 'exterminate', 'murder', 'stab', 'shoot', 'hang', 'lynch', 'gas', 'butcher', 'behead', 'massacre', 'eradicate', 'execute'];
// Passives unambiguous even after a bare "they" ("they need to be slaughtered"; "they should be killed" may be processes).
const groupViolencePassives = ['slaughtered', 'exterminated', 'murdered', 'lynched', 'hanged', 'gassed', 'butchered', 'beheaded', 'massacred', 'eradicated'];
// Passives that need a named group or "these people" as the subject.
const ambiguousPassives = ['killed', 'shot', 'executed', 'destroyed'];

/** Groups named outright (not "people", "men", "women", nor political sides, whose critics say they ruin things every day). */
const namedGroupWords = ['immigrants', 'migrants', 'refugees', 'foreigners', 'muslims', 'jews', 'christians', 'catholics', 'blacks', 'gays', 'homosexuals', 'lesbians', 'sikhs', 'hindus', 'arabs', 'mexicans', 'asians', 'africans', 'pakistanis', 'atheists', 'roma', 'gypsies', 'disabled', 'transgender', 'trans'];
const namedGroup = String.raw`(?:(?:black|gay|trans|transgender|disabled|jewish|muslim|asian|african|mexican|indian|chinese|arab|roma) (?:people|folks|men|women|kids|children)|${namedGroupWords.join('|')})`;
/** What is said of a group to dehumanise it or to ask that it lose its place or its rights. */
const exclusion = String.raw`(?:deported|banned|expelled|sterili[sz]ed|kicked out|thrown out|sent back|locked up|barred|segregated|exterminated|wiped out|removed|eliminated|purged|driven out|gotten rid of|got rid of)`;
const dehumanising = String.raw`(?:vermin|subhuman|sub-human|parasites|cockroaches|rats|animals|savages|a disease|a plague|a cancer|a burden|inferior|genetically inferior|ruining|destroying|poisoning)`;

export const contentRules: readonly ContentRule[] = [
  {
    name: 'slur',
    category: 'hate',
    triggers: ['nigger', 'niggers', 'faggot', 'faggots', 'kike', 'kikes', 'gook', 'gooks', 'wetback', 'wetbacks', 'beaner', 'beaners', 'raghead', 'ragheads', 'towelhead', 'towelheads', 'zipperhead', 'zipperheads', 'spic', 'spics', 'chink', 'chinks', 'jungle', 'porch', 'trash', 'camel'],
    pattern:
      /\b(?:(?:sand ?)?niggers?|faggots?|kikes?|gooks?|wetbacks?|beaners?|ragheads?|towelheads?|zipperheads?|spics?(?! and span)|chinks?(?! in (?:the|his|her|their|our|its) armou?r)|jungle ?bunn(?:y|ies)|porch ?monkeys?|white trash|camel ?jockeys?)\b/i,
  },
  {
    name: 'threat',
    category: 'violent_crimes',
    triggers: ['kill', 'killed', 'murder', 'shoot', 'shot', 'stab', 'strangle', 'behead', 'slaughter', 'rape', 'raped', 'torture', 'lynch', 'lynched', 'hanged', 'hurt', 'bullet', 'throat', 'die', 'dead'],
    pattern: new RegExp(
      String.raw`\b${intent}\s+(?:\w+\s+){0,4}?(?:(?:kill|hurt)\s+${secondPerson}|(?:murder|stab|strangle|behead|slaughter|rape|torture|lynch)\s+${person}|shoot\s+(?:you|u|ya|him|her|them)\b(?!\s+(?:an?|the|some|over|my|our|this|that|quick|back|up|down|through|across|off)\b)|put a bullet in|slit (?:your|his|her|their) throats?)\b|\b(?:you(?:'re| are) (?:going to|gonna) die|you(?:'re| are) (?:a )?dead (?:man|woman|meat)|i hope (?:you|u) die|(?:you|u) (?:should|deserve to|need to) (?:die|be (?:dead|killed|shot|raped|hanged|lynched)))\b`,
      'i',
    ),
  },
  {
    name: 'group_violence',
    category: 'violent_crimes',
    triggers: groupViolenceVerbs,
    pattern: new RegExp(
      String.raw`\b${callFor}\s+(?:just\s+|all\s+|go\s+)?(?:${groupViolenceVerbs.join('|')})\s+(?:all\s+(?:of\s+)?)?(?:the\s+|those\s+|these\s+)?(?:${gapWord}\s+)?${groupWord}(?!['’]|\s+(?:an?|the|some|our|my|this|that|quick|up)\b)`,
      'i',
    ),
  },
  {
    name: 'group_violence_passive',
    category: 'violent_crimes',
    triggers: [...groupViolencePassives, ...ambiguousPassives],
    pattern: new RegExp(
      String.raw`\b(?:(?:${groupWord}|these people|those people|people like (?:you|them|that))\s+(?:\w+\s+)?${callFor}\s+(?:all\s+)?be\s+(?:${[...groupViolencePassives, ...ambiguousPassives].join('|')})|(?:they|them all|all of them)\s+(?:\w+\s+)?${callFor}\s+(?:all\s+)?be\s+(?:${groupViolencePassives.join('|')}))\b`,
      'i',
    ),
  },
  {
    name: 'group_incitement',
    category: 'hate',
    triggers: ['calling', 'calls', 'call', 'inciting', 'incite', 'incites', 'urging', 'urge', 'urges', 'encouraging', 'encourage', 'encourages'],
    // Violence or expulsion called for against a group; not a piece that condemns or reports such calls.
    pattern: new RegExp(
      String.raw`\b(?:call(?:s|ing)? for|incit(?:e|es|ing)(?: to)?|urg(?:e|es|ing)(?: people)?(?: to commit| to use)?|encourag(?:e|es|ing)(?: people)?(?: to commit| to use)?)\b(?<!\b(?:condemn\w*|denounc\w*|report\w*|respond\w*|counter\w*|stop\w*|prevent\w*|why|history|analy[sz]\w*|against)\b[^.?!\n]{0,60})\s+(?:more\s+)?(?:violence|attacks?|killing|the killing|deaths?|the death|genocide|extermination|the extermination|expulsion|the expulsion|lynching|ethnic cleansing|pogroms?)\s+(?:against|of|on|toward|towards)\s+(?:all\s+)?(?:the\s+)?(?:${namedGroup}|${groupWord})\b`,
      'i',
    ),
  },
  {
    name: 'group_exclusion',
    category: 'hate',
    triggers: ['without'],
    pattern: new RegExp(String.raw`\b(?:world|country|society|planet|earth|we|europe|america)\s+(?:\w+\s+){0,2}?better off without\s+(?:all\s+)?(?:the\s+|those\s+|these\s+)?(?:\w+\s+)?${groupWord}\b`, 'i'),
  },
  {
    name: 'incite_self_harm',
    category: 'self_harm',
    triggers: ['yourself', 'urself', 'yourselves', 'kys'],
    pattern: /\b(?:(?:go|just|should|please|pls|gonna) (?:kill|hang|shoot|off) (?:yo)?ursel(?:f|ves)|kys)\b/i,
  },
  {
    name: 'self_harm_intent',
    category: 'self_harm',
    triggers: ['myself', 'suicide', 'die', 'life', 'live', 'dead', 'wrists', 'alive', 'exist', 'end', 'ending', 'overdose', 'overdosing'],
    pattern:
      /\b(?:i(?:'m| am|m)?\s+(?:\w+\s+){0,3}?(?:want|wanna|going|gonna|planning|plan|ready|about|trying|tempted|decided|deciding|thinking about|thinking of|considering)\s+(?:to\s+)?(?:kill(?:ing)? myself|end(?:ing)? (?:my life|it all)|commit(?:ting)? suicide|die(?!\s+(?:of|from|laughing|on|in|happy|a|an|with|when|for|at|before|trying)\b)|cut(?:ting)? myself|hurt(?:ing)? myself|hang(?:ing)? myself|overdos(?:e|ing)\b)|(?:how (?:do i|can i|to|should i)|best way to|easiest way to|painless(?:est)? way to|quickest way to)\s+(?:kill myself|commit suicide|end my (?:own )?life|hang myself|slit my wrists|cut myself)|i (?:don'?t|do not) want to (?:live|be alive|exist) anymore|i(?:'d| would) be better off dead|(?:writing|wrote|write) (?:my|a) suicide note)\b/i,
  },
  {
    name: 'self_harm_method',
    category: 'self_harm',
    triggers: ['painful', 'painless', 'painlessly', 'myself', 'wake', 'die', 'life'],
    // A way to die asked for; "how painful is it to die of …" and "pills to help me sleep" are neither.
    pattern:
      /\b(?:(?:least painful|painless(?:est)?|quickest|fastest|easiest|surest|most reliable|most effective)\s+(?:way|ways|method|methods)\s+(?:to|of)\s+(?:kill(?:ing)? myself|end(?:ing)? (?:my (?:own )?life|it all)|commit(?:ting)? suicide|hang(?:ing)? myself|die|dying)|(?:method|way|ways)\s+to\s+(?:kill|hang|drown|poison|starve)\s+myself|(?:pills|tablets|dose|overdose)\b[^.?!]{0,60}?\b(?:(?:not|never) wake up|to die)|(?:drink|take|swallow|inject|buy)\s+(?:\w+\s+){0,3}?to\s+(?:end my (?:own )?life|kill myself|commit suicide)|(?:how (?:do|can|should) i|how to|going to|want to|help me) hang myself)\b/i,
  },
  {
    name: 'forgery',
    category: 'non_violent_crimes',
    triggers: ['fake', 'forged', 'counterfeit', 'falsified', 'fraudulent', 'phony', 'phoney', 'bogus', 'forge', 'forging', 'falsify'],
    // A forged document or signature made to be used; a prop or a character's ID is not.
    pattern:
      /\b(?:(?<!characters? |did (?:he|she|they) )(?:make|making|create|creating|forge|forging|fake|faking|generate|generating|produce|print|printing|draft|write)\s+(?:me\s+)?(?:an?\s+|some\s+)?(?:fake|forged|counterfeit|falsified|fraudulent|phony|phoney|bogus)\s+(?:\w+\s+){0,2}?(?:doctor'?s note|sick note|medical certificate|passports?|driver'?s licen[cs]es?|driving licen[cs]es?|id cards?|ids?|diplomas?|degrees?|transcripts?|prescriptions?|vaccination (?:cards?|records?|certificates?)|pay ?stubs?|payslips?|bank statements?|death certificates?|birth certificates?|wills?|visas?|reference letters?)(?! (?:for|in) (?:a |an |my |the |our )?(?:character|story|novel|game|film|movie|play|costume|prop|party|halloween))|forg(?:e|ing)\s+(?:my |his |her |their |someone'?s |a |the )?(?:\w+'?s\s+)?signature|(?:fake|forge|falsify|doctor)\s+(?:a |my |the )?(?:vaccination|vaccine|covid) (?:card|certificate|pass|record))\b/i,
  },
  {
    name: 'minor_sexual',
    category: 'child_sexual_exploitation',
    triggers: ['child', 'children', 'kid', 'kids', 'minor', 'minors', 'underage', 'preteen', 'preteens', 'toddler', 'toddlers', 'girl', 'girls', 'boy', 'boys', 'schoolgirl', 'schoolgirls', 'schoolboy', 'schoolboys', 'yo', 'old', 'lolicon', 'kiddie', 'pedo', 'csam'],
    // A child as the object or subject of a sexual act or image; "sex education for children" is neither.
    pattern: new RegExp(
      String.raw`\b(?:child porn\w*|kiddie porn|lolicon|pedo porn|csam|underage (?:sex|porn|nudes?)|(?:sex|sexual intercourse|porn\w*|nudes?|(?:naked|nude|topless) (?:pics?|photos?|pictures?|images?|videos?)|erotica?|hentai|(?:sex|sexual|erotic) (?:scenes?|stories|story|encounters?) (?:between an adult and|between a man and|between a woman and)) (?:with|of|involving|featuring)?\s?(?:a |an |the |my |your |some |this |that )?${minorWord}|${minorWord} (?:porn\w*|nudes|erotica|hentai|sex (?:videos?|pics?|tapes?))|(?:sexuali[sz](?:e|es|ing|ed)|fuck(?:ing|ed)?|rap(?:e|ed|ing)|molest(?:ing|ed)?|seduc(?:e|ing)|have sex with|had sex with|sleep with|suck(?:ing)?(?: off)?) (?:a |an |the |my |your |this |that |some )?${minorWord}|(?:[1-9]|1[0-7])[- ]?(?:yo|y\/o|years?[- ]old) (?:slut|whore|pussy|cock|tits))\b`,
      'i',
    ),
  },
  {
    name: 'weapon_synthesis',
    category: 'indiscriminate_weapons',
    triggers: [
      ...['make', 'build', 'synthesize', 'synthesise', 'produce', 'create', 'manufacture', 'assemble', 'weaponize', 'weaponise', 'cultivate', 'culture', 'grow', 'enrich', 'aerosolize', 'aerosolise', 'extract', 'brew', 'wire'],
      ...['making', 'building', 'synthesizing', 'synthesising', 'producing', 'creating', 'manufacturing', 'assembling', 'weaponizing', 'weaponising', 'cultivating', 'culturing', 'growing', 'enriching', 'extracting', 'brewing', 'wiring'],
      ...['engineer', 'modify', 'alter', 'mutate'],
      ...['recipe', 'formula', 'instructions', 'procedure', 'protocol'],
    ],
    pattern: new RegExp(
      String.raw`\b(?:${request}\s+(?:\w+\s+){0,3}?${makeVerb}\s+(?:(?:a|an|the|some|my|own|homemade|home-made|simple|small|large|powerful|working|real|deadly|lethal|functional|and dry|and spread|enough)\s+){0,3}${agent}|\b(?:i|we)\s+(?:need|want|plan|intend|am going|'m going|have|wanna)\s+to\s+(?:\w+\s+){0,2}?${makeVerb}\s+(?:(?:a|an|the|some|my|own|homemade|home-made|simple|small|large|powerful|working|real|deadly|lethal|functional|enough)\s+){0,3}${agent}|(?:recipe|formula|instructions|procedure|protocol) (?:for|to make|to produce)\s+(?:(?:a|an|the|some|homemade|home-made|simple|working|real|deadly|lethal|pure)\s+){0,2}${agent}|(?:synthesi[sz]e|weaponi[sz]e|aerosoli[sz]e)\s+(?:\w+\s+){0,2}?${agent}|${request}\s+(?:\w+\s+){0,2}?(?:make|engineer|modify|alter|mutate)\s+(?:a |an |the )?(?:pathogen|virus|bacteri(?:um|a)|disease|flu strain|flu)\s+(?:\w+\s+)?(?:more (?:contagious|transmissible|lethal|deadly|infectious|virulent)|airborne))\b`,
      'i',
    ),
  },
  {
    name: 'crime_how_to',
    category: 'non_violent_crimes',
    triggers: ['launder', 'meth', 'crack', 'methamphetamine', 'fentanyl', 'heroin', 'cocaine', 'counterfeit', 'hotwire', 'shoplift', 'steal', 'evade', 'hack', 'break', 'smuggle', 'traffic'],
    pattern: new RegExp(
      String.raw`\b${request}\s+(?:\w+\s+){0,2}?(?:launder (?:money|cash|funds|the money)|(?:cook(?:ing)?|mak(?:e|ing)|synthesi[sz](?:e|ing)|press(?:ing)?|produc(?:e|ing)) (?:crystal )?(?:meth\w*|fentanyl|heroin|crack|cocaine)|(?:make|making|print|printing|produce|producing) counterfeit (?:\w+ ){0,2}?(?:money|bills|cash|currency|notes|banknotes)|hotwire (?:a|an|the|his|her|someone'?s?|somebody'?s?|my neighbou?r'?s?) (?:[\w'-]+ ){0,3}?(?:car|truck|van|suv|motorcycle|motorbike|scooter|boat|civic|corolla|camry|accord|jeep|pickup|vehicle)|shoplift|steal (?:a|someone'?s?|his|her) (?:car|identity|credit card|wallet)|evade (?:taxes|the police|arrest)|hack into (?:someone'?s?|my (?:ex|wife|husband|girlfriend|boyfriend|boss)'?s?|his|her|their) (?:\w+ )?(?:account|email|phone|instagram|facebook)|break into (?:a|someone'?s?|my neighbou?r'?s?|his|her) (?:house|home|car|apartment)|smuggle (?:drugs|weapons|guns|people)|traffic (?:drugs|people|humans|women|children))\b`,
      'i',
    ),
  },
  {
    name: 'grooming',
    category: 'child_sexual_exploitation',
    triggers: ['child', 'children', 'kid', 'kids', 'minor', 'minors', 'underage', 'preteen', 'preteens', 'toddler', 'toddlers', 'girls', 'boys', 'schoolgirl', 'schoolgirls', 'schoolboy', 'schoolboys', 'yo', 'old', 'alone'],
    // Getting a child to undress or send pictures, or to be alone with the asker; "teach my kids not to send pictures" is neither.
    pattern: new RegExp(
      String.raw`\b(?:(?:get|getting|make|convince|persuade|ask|have|trick|pay)\s+(?:a |an |the |my |some |this |that |young )?${minorWord}\s+(?:\w+\s+){0,4}?(?:undress\w*|naked|nude|send(?:s|ing)? me)|(?:trust of|befriend|groom)\s+(?:a |an |the |my |some |this |young )?${minorWord}\b[^.?!]{0,60}?\b(?:send(?:s)? me|meet me|alone|secret|pictures|photos|pics)|(?:so (?:that )?i can|to) (?:be|get) alone with (?:young |little )?(?:boys|girls|kids|children|a child|minors)|(?:access|work|volunteer|be alone|time)\s+(?:[\w'-]+\s+){0,3}?(?:with|to)\s+(?:young |little )?(?:children|kids|minors|boys|girls)\b[^.?!\n]{0,60}?\bwithout\s+(?:a |the |any )?(?:background checks?|dbs checks?|vetting|checks?|the parents knowing|their parents knowing))\b`,
      'i',
    ),
  },
  {
    name: 'sexual_crime',
    category: 'sex_related_crimes',
    triggers: ['roofie', 'drug', 'spike', 'rape', 'nudes', 'revenge', 'sextort', 'sextortion'],
    pattern:
      /\b(?:(?:roofie|drug|spike)\s+(?:her|his|a (?:girl|woman|guy)'?s?|someone'?s?|my date'?s?)\s+(?:drink|beer|wine|cocktail)|(?:how to|ways to) (?:get away with|commit) rape|(?:post|share|leak|upload|sell) (?:her|his|my ex'?s?|their) nudes|(?:make|post|share|leak|upload|sell|run|create|start|host)\w* (?:\w+ ){0,2}?revenge porn|sextort\w* (?:someone|somebody|him|her|them|people|a (?:girl|guy|boy|woman|man|kid|teen)|my \w+)|(?:run|start|do|pull off|set up|write|draft)\w* (?:a |an |the )?(?:\w+ )?sextortion (?:scheme|scam|script|messages?|campaign|ring|operation)|(?:how (?:to|can|do|could|would) (?:i |we )?|help me|ways? to)(?![^.?!\n]{0,100}\b(?:stop\w*|prevent\w*|report\w*|remov\w*|protect\w*|fight\w*|combat\w*|(?:help\w*|support\w*) (?:\w+ )?victims?|deal with|cope|taken down|take (?:it|them) down)\b)[^.?!\n]{0,100}?\b(?:sextort\w*|revenge porn))\b/i,
  },
  {
    name: 'stalking',
    category: 'privacy',
    triggers: ['dox', 'doxx', 'doxing', 'doxxing', 'spy', 'keylogger', 'spyware', 'stalkerware', 'track'],
    pattern:
      /\b(?:dox(?:x)?(?:ing|ed)?\s+(?:him|her|them|this (?:guy|person|woman|man|girl|user)|my (?:ex|neighbou?r))|spy on my (?:wife|husband|girlfriend|boyfriend|ex|partner|neighbou?r)|install (?:a |some )?(?:keylogger|spyware|stalkerware) on (?:my (?:wife|husband|girlfriend|boyfriend|ex|partner)|his|her|someone)|track (?:his|her|my (?:wife|husband|girlfriend|boyfriend|ex)'?s?) (?:location|phone) without)\b/i,
  },
  {
    name: 'locating_someone',
    category: 'privacy',
    triggers: ['tracker', 'address', 'lives', 'location', 'whereabouts', 'follow'],
    // Finding or following one person who is not to know; "track my parcel" and "the address of the museum" are neither.
    pattern:
      /\b(?:(?:hidden |secret |gps |hide a |put a |plant a )+tracker (?:on|in|under) (?:my (?:wife|husband|girlfriend|boyfriend|ex|partner|ex-wife|ex-husband|ex-girlfriend|ex-boyfriend|neighbou?r|boss|coworker|colleague)'?s|his|her|their|someone'?s|a (?:woman|girl|man|stranger)'?s)|(?:find|get|track down|look up|figure out|work out|locate|find out)\s+(?:[\w'-]+\s+){0,4}?(?:address|lives|location|whereabouts)\b[^.?!]{0,40}?without (?:her|him|them|anyone|my \w+|the \w+) (?:knowing|noticing|finding out|realising|realizing)|follow (?:a|the|this|that|some) (?:girl|woman|guy|man|stranger|kid|child)\b[^.?!]{0,30}?\bhome\b)/i,
  },
  {
    name: 'group_dehumanising',
    category: 'hate',
    triggers: [...namedGroupWords, 'people', 'folks', 'racially'],
    pattern: new RegExp(
      String.raw`\b(?:${namedGroup}\s+(?:\w+\s+){0,6}?(?:should|must|need to|ought to|have to|deserve to)\s+(?:all\s+)?(?:be\s+)?${exclusion}|${namedGroup}\s+(?:should|must)\s+not\s+be\s+allowed\s+to\s+(?:vote|have children|marry|hold (?:public )?office|work|teach|live)|${namedGroup}\s+(?:are|is)\s+(?:all\s+|just\s+|simply\s+|nothing but\s+)?${dehumanising}|(?:must|should|needs? to) (?:be )?(?:kept|remain|stay) racially pure)\b`,
      'i',
    ),
  },
  {
    name: 'piracy',
    category: 'intellectual_property',
    triggers: ['pirated', 'pirate', 'cracked', 'bootleg', 'keygen', 'drm'],
    pattern: /\b(?:(?:download|give me|send me|share|find|get|where can i (?:get|find|download))\s+(?:\w+\s+){0,2}?(?:pirated|cracked|bootleg) (?:copy|copies|version|software|movies?|games?|films?|books?)|(?:how (?:do|can|could|should) (?:i|we|you|one)|how to|ways? to|help me|best way to|easiest way to)\s+(?:[\w'-]+\s+){0,2}?pirate\s+(?:a |an |the |this |that |some )?(?:[\w'-]+\s+){0,3}?(?:movies?|films?|games?|software|albums?|songs?|music|books?|series|shows?|episodes?|textbooks?)|keygen for|(?:bypass|remove|strip|circumvent|crack) (?:the )?drm)\b/i,
  },
  {
    name: 'malicious_code',
    category: 'non_violent_crimes',
    triggers: ['script', 'code', 'snippet', 'malware', 'bot', 'tool', 'extension', 'macro', 'keylogger', 'program', 'ransomware'],
    // Code asked for that does what only an attack needs: a ransom demand, stealing logins, hiding from antivirus.
    pattern:
      /\b(?:script|code|snippet|malware|bot|tool|extension|macro|keylogger|program|ransomware)\s+(?:\w+\s+){0,2}?(?:that|which|to)\s+(?:\w+\s+){0,12}?(?:(?:leaves?|shows?|displays?) (?:a )?ransom note|demands? (?:a )?(?:ransom|payment in bitcoin|bitcoin)|steals? (?:\w+\s+){0,3}?(?:cookies|passwords|credentials|logins|card numbers|session tokens)|(?:hides?|hiding) (?:itself )?from (?:the )?(?:antivirus|anti-virus|task manager|windows defender|defender)|disables? (?:windows )?(?:defender|the antivirus|antivirus)|skims? (?:credit )?card (?:numbers|details))\b/i,
  },
  {
    name: 'destructive_code',
    category: 'code_interpreter_abuse',
    triggers: ['rm', 'dd', 'mkfs'],
    pattern: /(?:\brm\s+-(?:rf|fr|r\s+-f|f\s+-r)\s+(?:--no-preserve-root\s+)?\/(?:\*|\s|["'`]|$)|\bdd\s+if=\/dev\/(?:zero|urandom|random)\s+of=\/dev\/(?:sd|hd|nvme|xvd)|\bmkfs(?:\.\w+)?\s+\/dev\/(?:sd|hd|nvme|xvd))/i,
  },
  ...intentRules,
  ...harmRequestRules,
  ...hazardRequestRules,
  ...falseClaimRules,
  ...harmTopicRules,
  ...foreignHarmRules,
  ...crimeRequestRules,
  ...accountAccessRules,
  ...covertHarmRules,
  ...exploitationRules,
  ...orderedHarmRules,
  ...evasionRules,
  ...otherScriptHarmRules,
];

/** A fork bomb has no words to trigger on; the layer looks for its shape directly. */
export const forkBombPattern = /:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:/;
