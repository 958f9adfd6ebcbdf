import type { ContentRule } from './content-rules.ts';
import { playFrame } from './intent-rules.ts';

/**
 * Phrase rules for crimes asked for in the words people use for them rather than a making verb and a listed
 * agent: a pathogen or a toxin grown, concentrated or released on people; drugs synthesised or extracted;
 * stolen cards cashed out, counterfeit notes printed, a pump-and-dump run, credential stuffing; a straw
 * purchase or a suppressor made from a solvent trap; a person "made to disappear", a body got rid of, brake
 * lines cut, a poison a coroner would miss; a tracker hidden on a partner's car; people held by their
 * papers, advertised or bought; a child groomed; intimate images filmed or shared without consent; an
 * attacker praised, crowded targets chosen, a weapon sneaked into a venue; animals tortured, poisoned or
 * set to fight; a prank that injures. Each decides alone (see content-rules.ts) and is written around its
 * look-alikes: how a crime is detected or prevented, history and news, harm reduction, a victim's question,
 * a vet's or a farmer's work, games and stories.
 */

/** How someone asks for a way, first person or not. */
const asking = String.raw`\b(?:how (?:do|can|could|would|should|to) (?:i|we|you|one)?|how to|what(?:'s| is| are) the (?:best|easiest|cheapest|fastest|quickest|safest) (?:way|ways|method)s? to|best way to|cheapest way to|tips? (?:to|for|on)|give me|help me|walk me through|explain how|tell me how|teach me|i need|i want|show me|where can i|what should i)\b`;
/** Why someone names a crime without asking to commit it. */
const protectiveFrame = String.raw`\b(?:detect\w*|spot\w*|prevent\w*|protect\w*|avoid being|recogni[sz]\w*|report\w*|signs? (?:of|that)|warning signs|victims?|history|historically|how did|why do|why does|awareness|harm reduction|naloxone|narcan|test strips?|regulat\w*|illegal\?|is it legal|law enforcement|investigat\w*|funeral|mortician|cremat\w*|vet|veterinar\w*|humane(?:ly)?|pest)\b`;
const notProtective = String.raw`(?![^.?!\n]{0,160}${protectiveFrame})(?<!${protectiveFrame}[^.?!\n]{0,120})`;
/** Groups a hateful text aims at. */
const group = String.raw`(?:jews|jewish people|muslims|mexicans|blacks|black people|asians|asian (?:families|people)|immigrants|migrants|refugees|gays|gay people|trans (?:people|women|men)|roma|gypsies|arabs|africans|chinese people|indians|hispanics|latinos|christians|catholics|sikhs|hindus|disabled people)`;

export const crimeRequestRules: readonly ContentRule[] = [
  {
    name: 'pathogen_or_toxin_on_people',
    category: 'indiscriminate_weapons',
    triggers: ['anthrax', 'anthracis', 'botulinum', 'clostridium', 'ricin', 'plague', 'yersinia', 'smallpox', 'sarin', 'vx', 'chlorine', 'nerve', 'toxin', 'spores'],
    pattern: new RegExp(
      String.raw`\b(?:grow\w*|cultur\w*|cultivat\w*|concentrat\w*|purif\w*|aerosoli[sz]\w*|weaponi[sz]\w*|dispers\w*|releas\w*|spread\w*|turn)\b${notProtective}[^.?!\n]{0,60}?\b(?:anthrax|bacillus anthracis|botulinum|clostridium|ricin|plague|yersinia|smallpox|sarin|vx|chlorine gas|nerve agent|toxin|spores)\b[^.?!\n]{0,80}?\b(?:lethal|kill\w*|airborne|fine powder|aerosol|ventilation|subway|crowd|most people|few drops|stays? in the air)\b`,
      'i',
    ),
  },
  {
    name: 'drug_synthesis',
    category: 'non_violent_crimes',
    triggers: ['fentanyl', 'carfentanil', 'meth', 'methamphetamine', 'mdma', 'ghb', 'gbl', 'heroin', 'pseudoephedrine', 'ephedrine', 'precursors'],
    pattern: new RegExp(
      String.raw`${asking}${notProtective}[^.?!\n]{0,80}?\b(?:synthes\w*|make|making|cook\w*|produc\w*|extract\w*|press\w*|route|precursors?)\b[^.?!\n]{0,60}?\b(?:fentanyl|carfentanil|meth(?:amphetamine)?|mdma|ghb|gbl|heroin|pseudoephedrine|ephedrine)\b|\b(?:fentanyl|meth(?:amphetamine)?|ghb|heroin)\b[^.?!\n]{0,40}\bfrom (?:its )?(?:precursors|gbl|pseudoephedrine|cold medicine)\b|\bextract\w* pseudoephedrine\b[^.?!\n]{0,60}\b(?:bulk|limits?|without)`,
      'i',
    ),
  },
  {
    name: 'card_money_or_market_fraud',
    category: 'non_violent_crimes',
    triggers: ['stolen', 'counterfeit', 'pump', 'dump', 'credential', 'stuffing', 'combos', 'combolist'],
    pattern: new RegExp(
      String.raw`\bstolen (?:credit )?(?:card|cc|bank|identity|identities|credentials|accounts?)\b${notProtective}[^.?!\n]{0,80}\b(?:cash(?:ing)? (?:them |it )?out|use them|sell them|monetize|best way|without getting flagged)|\b(?:make|print|produce|need|create)\b${notProtective}[^.?!\n]{0,60}\bcounterfeit\s(?:\$?\d+\s)?(?:bills|money|notes|currency|cash|banknotes|dollars|euros)\b|\b(?:design|plan|run|set up|organi[sz]e|help me with)\b${notProtective}[^.?!\n]{0,30}\bpump[- ](?:and|&)[- ]dump\b|\bcredential stuffing\b${notProtective}[^.?!\n]{0,60}\b(?:script|tool|bot|against)\b|\b(?:script|tool|bot)\b[^.?!\n]{0,60}\bstolen (?:e-?mail|username|login)s?\s?(?:\/|and|&)\s?password`,
      'i',
    ),
  },
  {
    name: 'gun_law_evasion',
    category: 'violent_crimes',
    triggers: ['straw', 'solvent', 'suppressor', 'silencer'],
    pattern: new RegExp(
      String.raw`\bstraw (?:purchase|buyer|man)\b${notProtective}[^.?!\n]{0,80}\b(?:set (?:it )?up|how|arrange|so (?:neither|nobody|no one)|without)\b|\b(?:set up|arrange|do|organi[sz]e)\b[^.?!\n]{0,20}\bstraw (?:purchase|buy)\b|\bsolvent trap\b[^.?!\n]{0,80}\b(?:suppressor|silencer)\b|\b(?:turn|convert|make)\w*\b[^.?!\n]{0,40}\binto a (?:working |functional |real )?(?:suppressor|silencer)\b`,
      'i',
    ),
  },
  {
    name: 'killing_euphemism_or_cover_up',
    category: 'violent_crimes',
    triggers: ['disappear', 'body', 'brake', 'brakes', 'coroner', 'autopsy'],
    pattern: new RegExp(
      String.raw`\bmake (?:him|her|them|someone|somebody|my \w+|this guy|that guy) disappear\b(?![^.?!\n]{0,60}${playFrame})|${asking}(?<!${playFrame}[^.?!\n]{0,90})${notProtective}[^.?!\n]{0,40}?\b(?:get rid of|dispose of|dissolve|hide|bury)\s(?:a|the|his|her)\s(?:dead )?body\b(?![^.?!\n]{0,80}${playFrame})|\b(?:cut|cuts|cutting|tamper(?:ing)? with|sabotag\w*|loosen\w*)\s(?:\w+\s){0,2}?brake (?:lines?|hoses?|cables?)\b${notProtective}[^.?!\n]{0,80}\b(?:crash|accident|mechanical failure|look like|so that|without)\b|\b(?:poison|toxin)s?\b[^.?!\n]{0,60}\b(?:hardest|hard|impossible|difficult)\s(?:for (?:a |the )?(?:coroner|autopsy|doctor|lab|police) )?to (?:detect|trace|find)\b[^.?!\n]{0,80}\b(?:husband|wife|partner|coffee|drink|food|over (?:a few )?(?:weeks|days|months))`,
      'i',
    ),
  },
  {
    name: 'partner_tracker',
    category: 'privacy',
    triggers: ['tracker', 'trackers', 'airtag', 'airtags', 'gps'],
    pattern: new RegExp(
      String.raw`\b(?:gps tracker|tracker|tracking device|airtag)s?\b${notProtective}[^.?!\n]{0,60}\b(?:on|in|under|to)\s(?:my\s)?(?:ex(?:-wife|-husband|-girlfriend|-boyfriend)?|wife|husband|girlfriend|boyfriend|partner|someone|her|his)['’]?s?\s(?:car|bag|purse|phone|bike|coat)\b`,
      'i',
    ),
  },
  {
    name: 'people_exploited',
    category: 'non_violent_crimes',
    triggers: ['passports', 'passport', 'documents', 'papers', 'underage', 'buy', 'smuggle', 'smuggling', 'offers', 'offer', 'girls', 'teenage'],
    pattern: new RegExp(
      String.raw`\b(?:keep|take|hold|confiscat\w*|taking|holding)\s(?:their|her|his|the workers['’]?)\s(?:passports?|documents|ids?|papers)\b${notProtective}|\b(?:advertis\w*|sell\w*|pimp\w*|post\w*)\b${notProtective}[^.?!\n]{0,40}\b(?:underage|minor|teen(?:age)?|1[0-7][- ]year[- ]old)\s(?:girls?|boys?)\b|\b(?:going rate|price|cost) to buy (?:a|another) (?:person|human|girl|woman|child|kid)\b|\bfake (?:modell?ing|job|nanny|waitress|au pair) (?:job )?offers?\b[^.?!\n]{0,80}\b(?:passports?|work for me|bring (?:girls|women)|keep them)|\bsmuggl\w* (?:migrants|people|refugees)\b${notProtective}[^.?!\n]{0,60}\b(?:across|into|by boat|over the border|charge)`,
      'i',
    ),
  },
  {
    name: 'child_grooming',
    category: 'child_sexual_exploitation',
    triggers: ['kid', 'kids', 'child', 'children', 'girl', 'boy', 'year', 'minor', 'minors', 'roblox', 'girls', 'boys', 'underage', 'teen', 'teens'],
    pattern: new RegExp(
      String.raw`\b(?:kid|child|minor|1[0-7][- ]year[- ]old|girl|boy|teen)\b[^.?!\n]{0,80}\b(?:sends? (?:me )?(?:private|nude|naked|sexy) (?:photos|pics|pictures|selfies)|keep (?:our|it|this|the) (?:relationship |chats? )?(?:a )?secret from (?:her|his|their) parents|agrees? to meet me (?:alone|without))\b|\bwhere (?:can|could|do) i (?:find|get|see|download)\b[^.?!\n]{0,40}\b(?:sexual|nude|naked|explicit)\s(?:images|photos|pictures|videos|content) of (?:minors|children|kids|underage)`,
      'i',
    ),
  },
  {
    name: 'intimate_images_without_consent',
    category: 'sex_related_crimes',
    triggers: ['secretly', 'covertly', 'nudes', 'nude', 'upload', 'post', 'share', 'leak', 'tape'],
    pattern: new RegExp(
      String.raw`\b(?:secretly|covertly)\s(?:film|record|video|photograph|tape)\w*\b[^.?!\n]{0,60}\b(?:shower|bathroom|changing|undress\w*|naked|sex|bedroom|toilet)\b|\b(?:upload|post|share|leak|send|spread)\w*\b${notProtective}[^.?!\n]{0,40}\b(?:(?:my|his|her) ex['’]?s?|someone['’]?s|her|his)\s(?:nudes?|naked (?:photos|pics|pictures)|sex (?:tape|video))\b|\b(?:my ex|she|he)\s(?:sent|gave) me nudes\b[^.?!\n]{0,80}\b(?:upload|post|share|sites?|views)`,
      'i',
    ),
  },
  {
    name: 'attack_praise_or_targeting',
    category: 'violent_crimes',
    triggers: ['shooter', 'bomber', 'terrorist', 'attacker', 'killer', 'targets', 'panic', 'sneak', 'sneaking', 'manifesto', 'casualties'],
    pattern: new RegExp(
      String.raw`\b(?:tribute|praise|glorif|celebrat|honou?r)\w*\b[^.?!\n]{0,60}\b(?:shooter|bomber|terrorist|attacker|mass killer)\b[^.?!\n]{0,80}\b(?:encourag\w*|follow (?:his|her|their) example|inspire|hero|martyr)|\b(?:which|what|best)\s(?:\w+\s)?(?:targets?|places|locations|spots)\b(?![^.?!\n]{0,100}\b(?:protect\w*|prevent\w*|emergency|planners?|defen[cs]\w*|history)\b)[^.?!\n]{0,60}\b(?:cause|create)\s(?:the )?most\s(?:panic|casualties|deaths|damage|fear|terror)\b|\b(?:weak points?|best (?:way|place)|where|how (?:can|could|do) (?:i|we|someone))\b[^.?!\n]{0,80}\bsneak\w*\s(?:a\s)?(?:weapon|gun|knife|bomb|explosives?)\s(?:in|into|past|through)\b|\bmanifesto\b[^.?!\n]{0,80}\b(?:calling on|urging)\b[^.?!\n]{0,40}\b(?:bomb|attack|burn|blow up|kill)\w*`,
      'i',
    ),
  },
  {
    name: 'animal_cruelty',
    category: 'violent_crimes',
    triggers: ['dogfighting', 'cockfighting', 'dogfight', 'cockfight', 'cat', 'cats', 'dog', 'dogs', 'puppies', 'kittens', 'horse', 'animal', 'animals', 'pets', 'litter', 'cockfights', 'dogfights', 'horses', 'kitten', 'puppy'],
    pattern: new RegExp(
      String.raw`\b(?:dog ?fight\w*|cock ?fight\w*)\b(?![^.?!\n]{0,60}\b(?:history|illegal|law|report|rescue\w*|why)\b)|\b(?:tortur\w*|abus\w*|poison\w*|drown\w*|starv\w*|kill\w*|hurt\w*|maim\w*|set fire to)\s(?:a |the |my |some |the neighbou?r['’]?s |these )?(?:cats?|dogs?|puppies|kittens|animals?|horses?|pets?|litter of \w+)\b${notProtective}[^.?!\n]{0,80}\b(?:views|video|film|fun|cheapest|without (?:anyone|a vet|paying)|not paying|looks? natural|insurance|collect)|\b(?:film\w*|record\w*)\s(?:myself|me)\s(?:tortur\w*|hurt\w*|abus\w*|kill\w*)\s(?:a |the )?(?:cat|dog|animal|pet)|\b(?:make|let)\s(?:it|my horse|my dog|the horse)\s(?:die|look like it died)\b[^.?!\n]{0,60}\b(?:natural|insurance|collect)`,
      'i',
    ),
  },
  {
    name: 'injuring_prank',
    category: 'violent_crimes',
    triggers: ['prank', 'pranks', 'dry', 'chair'],
    pattern: new RegExp(
      String.raw`\bprank\w*\b[^.?!\n]{0,80}\b(?:eye ?drops|heart (?:condition|problem)|bad back|laxatives?|allerg\w*|dry ice|chil[il] (?:extract|oil)|pepper spray|bleach|superglue|as hard as possible)\b|\bdry ice\b[^.?!\n]{0,60}\b(?:bottle|explode|bomb)\b[^.?!\n]{0,40}\b(?:locker|car|friend|someone|school|class)|\bpull (?:a|the) chair\b[^.?!\n]{0,80}\b(?:bad back|hard as possible|hurt)`,
      'i',
    ),
  },
  {
    name: 'self_harm_method',
    category: 'self_harm',
    triggers: ['cutting', 'cut', 'cuts', 'unalive', 'bridge', 'height', 'life', 'lives', 'scars', 'self', 'harm', 'suicide', 'themselves', 'himself', 'herself', 'high', 'far'],
    pattern: new RegExp(
      String.raw`\b(?:cut|cutting)\b[^.?!\n]{0,60}\b(?:deeper|without (?:needing )?stitches)\b|\bhide (?:my )?(?:cutting|cuts|scars|self[- ]harm)\b(?<!\b(?:help(?:ing)?|daughter|son|friend|student)\b[^.?!\n]{0,80})|\b(?:height|how high|which bridge|what bridge|how far)\b[^.?!\n]{0,60}\b(?:guaranteed|enough|sure)\b[^.?!\n]{0,30}\b(?:unalive|kill|die|death)|\bunalive (?:myself|me|you|yourself)\b|\b(?:encourag\w*|convinc\w*|persuad\w*|urg\w*)\s(?:someone|somebody|him|her|them|people|my \w+)\s(?:to\s)?(?:end (?:their|his|her) (?:life|lives)|kill (?:themselves|himself|herself)|commit suicide)\b`,
      'i',
    ),
  },
  {
    name: 'group_dehumanised',
    category: 'hate',
    triggers: ['jews', 'muslims', 'mexicans', 'blacks', 'asians', 'asian', 'immigrants', 'migrants', 'refugees', 'gays', 'trans', 'roma', 'gypsies', 'arabs', 'africans', 'hispanics', 'latinos', 'jewish', 'black', 'chinese', 'indian', 'gay'],
    pattern: new RegExp(
      String.raw`\b(?=portray|depict|show|describ|call)(?<!\b(?:how did|why did|history|historically|propaganda|nazis?)\b[^.?!\n]{0,60})(?:portray\w*|depict\w*|show\w*|describ\w*|call\w*)\s(?:\w+\s){0,2}?${group}\s(?:as|like)\s(?:vermin|rats|cockroaches|animals|parasites|subhuman|a plague|invaders|criminals)\b(?![^.?!\n]{0,60}\b(?:in the (?:18|19)\d0s|history|propaganda)\b)|\b${group}\s(?:are|is)\s(?:ruining|destroying|invading|poisoning)\b[^.?!\n]{0,60}\b(?:need(?:s)? to be|must be|should be)\s(?:driven out|kicked out|removed|deported|expelled)|\b${group}\s(?:secretly )?control (?:the )?(?:banks|media|government|world)\b[^.?!\n]{0,80}\b(?:must|should|need to) be (?:removed|banned|expelled|excluded|purged)`,
      'i',
    ),
  },
];
