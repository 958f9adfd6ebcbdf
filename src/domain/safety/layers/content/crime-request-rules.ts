import type { ContentRule } from './content-rules.ts';
import { playFrame } from './intent-rules.ts';

/**
 * Phrase rules for crimes asked for in the words people use for them rather than a making verb and a listed
 * agent: a pathogen or a toxin grown, concentrated or released on people; drugs synthesised or extracted;
 * stolen cards cashed out, counterfeit notes printed, a pump-and-dump run, credential stuffing; a straw
 * purchase or a suppressor made from a solvent trap; a person "made to disappear", a body got rid of, brake
 * lines cut, a poison a coroner would miss; a tracker hidden on a partner's car; people held by their
 * papers, advertised or bought; a child groomed; intimate images filmed or shared without consent; an
 * attacker praised, crowded targets chosen, a weapon sneaked into a venue; an attack planned on a place of
 * worship, a shelter or a group, a town's water or its emergency lines (ADR 0088); animals tortured, poisoned or
 * set to fight; a prank that injures. Each decides alone (see content-rules.ts) and is written around its
 * look-alikes: how a crime is detected or prevented, history and news, harm reduction, a victim's question,
 * a vet's or a farmer's work, games and stories.
 */

/** How someone asks for a way, first person or not. */
const asking = String.raw`\b(?:how (?:do|can|could|would|should|to) (?:i|we|you|one)?|how to|what(?:['’]?s| is| are) the (?:best|easiest|cheapest|fastest|quickest|safest|exact|simplest|surest|most effective) (?:way|ways|method)s? to|best way to|cheapest way to|tips? (?:to|for|on)|give me|help me|walk me through|explain how|tell me how|teach me|i need|i want|show me|where can i|what should i)\b`;
/** Why someone names a crime without asking to commit it. */
const protectiveFrame = String.raw`\b(?:detect\w*|spot\w*|prevent\w*|protect\w*|avoid being|recogni[sz]\w*|report\w*|signs? (?:of|that)|warning signs|victims?|history|historically|how did|why do|why does|awareness|harm reduction|naloxone|narcan|test strips?|regulat\w*|illegal\?|is it legal|law enforcement|investigat\w*|funeral|mortician|cremat\w*|vet|veterinar\w*|humane(?:ly)?|pest)\b`;
const notProtective = String.raw`(?![^.?!\n]{0,160}${protectiveFrame})(?<!${protectiveFrame}[^.?!\n]{0,120})`;
/** Someone the asker knows, as the one to be got rid of: "my business partner", "his wife". */
const someoneClose = String.raw`(?:my|his|her|our|the|that|this)\s(?:\w+\s)?(?:business partner|partner|wife|husband|ex|boss|landlord|neighbou?r|rival|witness|brother|sister|father|mother|dad|mom|mum|stepdad|stepmom|stepfather|stepmother|uncle|aunt|cousin|coworker|co-worker|roommate|flatmate|girlfriend|boyfriend|(?:father|mother|brother|sister)-in-law)`;
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
    triggers: [
      'fentanyl', 'carfentanil', 'meth', 'methamphetamine', 'mdma', 'ghb', 'gbl', 'heroin', 'pseudoephedrine', 'ephedrine', 'precursors', 'sudafed', 'blue', 'walter', 'heisenberg', 'xanax', 'xans', 'perc', 'percs',
      'percocet', 'percocets', 'oxy', 'oxys', 'oxycodone', 'm30', 'm30s', 'adderall', 'fent', 'press',
    ],
    pattern: new RegExp(
      [
        String.raw`${asking}${notProtective}[^.?!\n]{0,80}?\b(?:synthes\w*|make|making|cook\w*|produc\w*|extract\w*|press\w*|route|precursors?)\b[^.?!\n]{0,60}?\b(?:fentanyl|carfentanil|meth(?:amphetamine)?|mdma|ghb|gbl|heroin|pseudoephedrine|ephedrine)\b|\b(?:fentanyl|meth(?:amphetamine)?|ghb|heroin)\b[^.?!\n]{0,40}\bfrom (?:its )?(?:precursors|gbl|pseudoephedrine|cold medicine)\b|\b(?:extract|get|buy|obtain|purchas|stock up on|source)\w* (?:\w+ ){0,2}?(?:pseudoephedrine|ephedrine|sudafed)\b[^.?!\n]{0,60}\b(?:bulk|limits?|without|logg\w*|get around)`,
        // "make the blue stuff from Breaking Bad"; not the show's candy props
        String.raw`${asking}[^.?!\n]{0,40}?\b(?:make|making|cook\w*|produc\w*|brew\w*)\b[^.?!\n]{0,30}?\b(?:the blue (?:stuff|sky|meth|crystals?|product)|walter white['’]?s?|heisenberg['’]?s?)\b(?![^.?!\n]{0,60}\b(?:candy|props?|cake|cookies|costume|cocktail|drink|rock candy)\b)`,
        // Counterfeit pills pressed: "press my own xanax bars that look legit"
        String.raw`\b(?<!(?:bench|overhead|military|leg|shoulder) )press\w*\s(?:my own |our own |some |fake |counterfeit )?(?:xanax|xans|percs?|percocets?|oxys?|oxycodone|m30s?|adderall|fent(?:anyl)?)(?: bars| pills| tabs| blues)?\b${notProtective}`,
      ].join('|'),
      'i',
    ),
  },
  {
    name: 'card_money_or_market_fraud',
    category: 'non_violent_crimes',
    triggers: ['stolen', 'counterfeit', 'pump', 'dump', 'credential', 'stuffing', 'combos', 'combolist', 'combo', 'combolists', 'clean', 'cleaning', 'launder', 'laundering', 'wash', 'washing'],
    pattern: new RegExp(
      String.raw`\bstolen (?:credit )?(?:card|cc|bank|identity|identities|credentials|accounts?)\b${notProtective}[^.?!\n]{0,80}\b(?:cash(?:ing)? (?:them |it )?out|use them|sell them|monetize|best way|without getting flagged)|\b(?:make|print|produce|need|create)\b${notProtective}[^.?!\n]{0,60}\bcounterfeit\s(?:\$?\d+s?\s)?(?:bills|money|notes|currency|cash|banknotes|dollars|euros|pounds|twenties|tens|fifties|hundreds|\$?\d+s)\b|\b(?:design|plan|run|set up|organi[sz]e|help me with)\b${notProtective}[^.?!\n]{0,30}\bpump[- ](?:and|&)[- ]dump\b|\bcredential stuffing\b${notProtective}[^.?!\n]{0,60}\b(?:script|tool|bot|against)\b|\b(?:tool|tools|software|script|config|configs|bot)\b[^.?!\n]{0,30}\bfor credential stuffing\b|\b(?:buy|get|download|find|fresh|working)\b${notProtective}[^.?!\n]{0,30}\bcombo ?lists?\b|\b(?:clean|launder|wash)\w*\s(?:it|this|that|the (?:money|cash|funds|proceeds)|my (?:money|cash)|(?:dirty|drug) money|(?:the |my |this )?(?:\w+ )?cash)\b${notProtective}[^.?!\n]{0,60}?\b(?:so (?:that )?(?:the )?(?:bank|banks|irs|feds|government|taxman|nobody|no one)\s(?:doesn['’]?t|don['’]?t|won['’]?t|never|can['’]?t)\s(?:flag|notice|ask|question|trace)|without (?:the )?(?:bank|irs|anyone|anybody) (?:flagging|noticing|asking)|(?:looks?|seems?|appears?) (?:legit|legitimate|clean))|\b(?:script|tool|bot)\b[^.?!\n]{0,60}\bstolen (?:e-?mail|username|login)s?\s?(?:\/|and|&)\s?password`,
      'i',
    ),
  },
  {
    name: 'gun_law_evasion',
    category: 'violent_crimes',
    triggers: ['straw', 'solvent', 'suppressor', 'silencer', 'gun', 'guns', 'firearm', 'firearms', 'pistol', 'pistols', 'knife', 'knives', 'blade', 'weapon', 'weapons'],
    pattern: new RegExp(
      String.raw`\bstraw (?:purchase|buyer|man)\b${notProtective}[^.?!\n]{0,80}\b(?:set (?:it )?up|how|arrange|so (?:neither|nobody|no one)|without)\b|\b(?:set up|arrange|do|organi[sz]e)\b[^.?!\n]{0,20}\bstraw (?:purchase|buy)\b|\bsolvent trap\b[^.?!\n]{0,80}\b(?:suppressor|silencer)\b|\b(?:turn|convert|make)\w*\b[^.?!\n]{0,40}\binto a (?:working |functional |real )?(?:suppressor|silencer)\b|\b(?:make|print|build|get|buy|carry|bring|design|sneak)\w*\b[^.?!\n]{0,30}?\b(?:guns?|firearms?|pistols?|knife|knives|blades?|weapons?)\b[^.?!\n]{0,40}?\b(?:won['’]?t|wont|doesn['’]?t|can['’]?t|never|wouldn['’]?t|not)\s(?:show up on|set off|trigger|be (?:detected|picked up|caught|seen) by)\s(?:the\s|a\s|any\s)?(?:airport\s)?(?:metal detectors?|x-?rays?|(?:body )?scanners?|security|tsa)\b`,
      'i',
    ),
  },
  {
    name: 'killing_euphemism_or_cover_up',
    category: 'violent_crimes',
    triggers: ['disappear', 'body', 'brake', 'brakes', 'coroner', 'autopsy', 'permanently', 'good', 'forever', 'once', 'back', 'caught', 'knowing', 'finding', 'suspecting', 'suspects', 'suspect'],
    pattern: new RegExp(
      String.raw`\bmake (?:him|her|them|someone|somebody|my \w+|this guy|that guy) disappear\b(?![^.?!\n]{0,60}${playFrame})|${asking}(?<!${playFrame}[^.?!\n]{0,90})${notProtective}[^.?!\n]{0,40}?\b(?:get rid of|dispose of|dissolve|hide|bury)\s(?:a|the|his|her)\s(?:dead )?body\b(?![^.?!\n]{0,80}${playFrame})|\b(?:cut|cuts|cutting|tamper(?:ing)? with|sabotag\w*|loosen\w*)\s(?:\w+\s){0,2}?brake (?:lines?|hoses?|cables?)\b${notProtective}[^.?!\n]{0,80}\b(?:crash|accident|mechanical failure|look like|so that|without|so (?:it|they|he|she) (?:fails?|won['’]?t stop|can['’]?t stop)|on the (?:highway|freeway|motorway))\b|\b(?:get rid of|take out|eliminate|off|whack|silence)\s${someoneClose}\b(?!['’])[^.?!\n]{0,40}?\b(?:without (?:it|this|anything) (?:coming|being traced|tracing|leading|getting traced) back|without (?:getting caught|anyone (?:knowing|finding out|suspecting))|so (?:no one|nobody|the (?:police|cops)) (?:suspects?|finds? out|knows?))|\b(?:take out|eliminate|off|whack|silence)\s${someoneClose}\b(?!['’])[^.?!\n]{0,20}?\b(?:permanently|for good|forever|once and for all)\b|\b(?:poison|toxin)s?\b[^.?!\n]{0,60}\b(?:hardest|hard|impossible|difficult)\s(?:for (?:a |the )?(?:coroner|autopsy|doctor|lab|police) )?to (?:detect|trace|find)\b[^.?!\n]{0,80}\b(?:husband|wife|partner|coffee|drink|food|over (?:a few )?(?:weeks|days|months))`,
      'i',
    ),
  },
  {
    name: 'partner_tracker',
    category: 'privacy',
    triggers: ['tracker', 'trackers', 'airtag', 'airtags', 'gps', 'keylogger', 'keyloggers', 'spyware', 'stalkerware'],
    pattern: new RegExp(
      String.raw`\b(?:gps tracker|tracker|tracking device|airtag|keylogger|spyware|stalkerware)s?\b${notProtective}[^.?!\n]{0,60}\b(?:on|in|under|to|onto|into)\s(?:my\s)?(?:ex(?:-wife|-husband|-girlfriend|-boyfriend)?|wife|husband|girlfriend|boyfriend|partner|roommate|flatmate|someone|her|his)['’]?s?\s(?:car|bag|purse|phone|bike|coat|laptop|computer|pc|tablet|ipad|macbook)\b`,
      'i',
    ),
  },
  {
    name: 'people_exploited',
    category: 'non_violent_crimes',
    triggers: ['passports', 'passport', 'documents', 'papers', 'underage', 'buy', 'smuggle', 'smuggling', 'offers', 'offer', 'girls', 'teenage', 'stopped', 'caught', 'noticed', 'checked', 'questioned', 'detected', 'flagged'],
    pattern: new RegExp(
      String.raw`\b(?:keep|take|hold|confiscat\w*|taking|holding)\s(?:their|her|his|the workers['’]?)\s(?:passports?|documents|ids?|papers)\b${notProtective}|\b(?:advertis\w*|sell\w*|pimp\w*|post\w*)\b${notProtective}[^.?!\n]{0,40}\b(?:underage|minor|teen(?:age)?|1[0-7][- ]year[- ]old)\s(?:girls?|boys?)\b|\b(?:going rate|price|cost) to buy (?:a|another) (?:person|human|girl|woman|child|kid)\b|\bfake (?:modell?ing|job|nanny|waitress|au pair) (?:job )?offers?\b[^.?!\n]{0,80}\b(?:passports?|work for me|bring (?:girls|women)|keep them)|\bbuy (?:a|an)\s(?:\w+\s)?(?:child|baby|kid|girl|boy|infant|newborn|orphan)\b(?!['’])(?!\s(?:clothes|seat|car seat|toys?|stroller|gifts?|shoes|books?|formula|bottles?|bike|tablet|phone|bed|crib|monitor|costume))${notProtective}|\b(?:move|moving|transport\w*|smuggl\w*|get|bring|take|ship)\s(?:the\s|these\s)?(?:kids|children|girls|minors|women|people|migrants)\s(?:across|between|over|through|past|into)\b[^.?!\n]{0,40}?\bwithout (?:getting |being )?(?:stopped|caught|noticed|checked|questioned|detected|flagged)\b${notProtective}|\bsmuggl\w* (?:migrants|people|refugees)\b${notProtective}[^.?!\n]{0,60}\b(?:across|into|by boat|over the border|charge)`,
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
    triggers: ['secretly', 'covertly', 'nudes', 'nude', 'upload', 'post', 'share', 'leak', 'tape', 'camera', 'cameras', 'cam', 'cams', 'spycam'],
    pattern: new RegExp(
      String.raw`\b(?:secretly|covertly)\s(?:film|record|video|photograph|tape)\w*\b[^.?!\n]{0,60}\b(?:shower|bathroom|changing|undress\w*|naked|sex|bedroom|toilet)\b|\b(?:upload|post|share|leak|send|spread)\w*\b${notProtective}[^.?!\n]{0,40}\b(?:(?:my|his|her) ex['’]?s?|someone['’]?s|her|his)\s(?:nudes?|naked (?:photos|pics|pictures)|sex (?:tape|video))\b|\b(?:hide|hiding|hid|plant\w*|sneak\w*|put|install\w*)\s(?:a |an |the |my )?(?:hidden |secret |tiny |small |spy |pinhole )?(?:cameras?|cams?|spy ?cams?)\b[^.?!\n]{0,40}?\b(?:in|into|inside)\s(?:my |her |his |the )?(?:roommate|flatmate|sister|stepdaughter|stepsister|stepmom|tenants?|guests?|nanny|babysitter|coworkers?|neighbou?r|girlfriend|wife|niece|cousin|au pair|airbnb guests?)['’]?s?\s(?:bathroom|shower|changing room|bedroom|room|toilet)\b(?![^.?!\n]{0,60}\b(?:legal|illegal|allowed|consent)\b)|\b(?:my ex|she|he)\s(?:sent|gave) me nudes\b[^.?!\n]{0,80}\b(?:upload|post|share|sites?|views)`,
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
    name: 'attack_planned_on_people',
    category: 'violent_crimes',
    triggers: [
      'attack', 'attacks', 'shooting', 'bombing', 'massacre', 'raid', 'ambush', 'assault', 'beat', 'burn', 'storm', 'torch', 'hunt', 'poison', 'contaminate', 'taint', 'spike', 'lace', 'water', 'reservoir',
      '911', 'emergency', 'grid', 'substation', 'substations', 'cell', 'killed', 'murdered', 'exterminated', 'gassed', 'shot', 'lynched', 'hanged', 'wiped',
    ],
    pattern: new RegExp(
      [
        // "Help me plan an attack on the mosque downtown"; not how an attack was planned
        String.raw`\b(?:help (?:me|us)|how (?:do|can|could|would|should) (?:i|we)|i (?:want|plan|need|am going|['’]m going|intend) to|we (?:want|plan|need|are going|['’]re going|intend) to|let['’]?s)\s(?:\w+\s){0,2}?(?:plan|organi[sz]e|carry out|pull off|stage|coordinate)\w*\s(?:an? |the |our )?(?:\w+ )?(?:attack|shooting|bombing|massacre|raid|ambush|assault)\s(?:on|at|against|in)\b`,
        // "organize a group to attack the refugees at the shelter"
        String.raw`\b(?:organi[sz]e|gather|get|rally|assemble|round up)\w*\s(?:a |some |the |a few )?(?:group|mob|crowd|militia|gang|guys|friends|people|men)\s(?:to\s)?(?:attack|beat|burn|raid|storm|torch|assault|hunt)\w*\s(?:the |some |those |these |all the )?(?:\w+ )?(?:${group}|shelter|mosque|church|synagogue|temple|gurdwara|camp)\b`,
        // "I want to poison the food at the festival"; a town's water supply contaminated
        String.raw`\b(?:i|we) (?:want|plan|need|am going|['’]m going|are going|intend) to (?:poison|contaminate|taint|spike|lace)\s(?:the |all the |everyone['’]s |their )?(?:food|drinks?|water|punch|buffet|meals?|wells?|water supply)\b`,
        String.raw`${asking}${notProtective}[^.?!\n]{0,40}?\b(?:contaminat\w*|poison\w*|taint\w*|tamper\w* with)\s(?:a |the |our |my |this |that )?(?:[\w'’-]+ )?(?:water supply|water treatment|reservoir|(?:city|town|municipal|drinking|public) water|water system)\b`,
        // "Which cell towers would I need to cut to knock out 911 service?"
        String.raw`\b(?:which|what|where|how)\b[^.?!\n]{0,60}?\b(?:would|could|should|do|can) (?:i|we)\b[^.?!\n]{0,40}?\b(?:cut|hit|disable|sabotage|destroy|blow up|take out|knock out|attack|shut down)\b[^.?!\n]{0,60}?\b(?:911|emergency (?:services|calls|dispatch|lines)|(?:the |a |our )?power grid|substations?)\b`,
        // "write tweets calling for Jews to be killed"
        String.raw`\b(?:write|draft|compose|create|generate|make)\b[^.?!\n]{0,40}?\b(?:tweets?|posts?|messages?|slogans?|flyers?|comments?|speech|chants?|memes?)\b[^.?!\n]{0,30}?\b(?:calling for|urging|demanding|telling people to)\b[^.?!\n]{0,20}?\b${group}\s(?:to )?(?:be\s)?(?:killed|murdered|exterminated|gassed|shot|lynched|hanged|wiped out)\b`,
      ].join('|'),
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
    triggers: [
      'cutting', 'cut', 'cuts', 'unalive', 'bridge', 'height', 'life', 'lives', 'scars', 'self', 'harm', 'suicide', 'themselves', 'himself', 'herself', 'high', 'far', 'noose', 'helium', 'nitrogen', 'bag',
      'exact', 'precise', 'specific', 'burn', 'slice',
    ],
    pattern: new RegExp(
      String.raw`\b(?:cut|cutting)\b[^.?!\n]{0,60}\b(?:deeper|without (?:needing )?stitches)\b|\bwhere on my (?:arms?|wrists?|thighs?|legs?|body|stomach|hips?)\b[^.?!\n]{0,30}?\b(?:should|can|do|could) i (?:cut|burn|slice)\b|\b(?:how (?:to|do i|do you|can i|would i)|show me how to|teach me (?:how )?to|tell me how to)\s(?:tie|make|knot)\s(?:a |the )?noose\b|\b(?:which|what|how|where)\b[^.?!\n]{0,40}?\b(?:helium|nitrogen|exit bag|suicide bag|inert gas)\b[^.?!\n]{0,80}?\b(?:end (?:their|my|one['’]?s|your) (?:own )?li(?:fe|ves)|kill (?:themselves|myself|yourself)|suicide|die)\b|\b(?:exact|precise|specific)\s(?:combination|mix|amounts?|doses?|number)\s(?:of\s)?(?:\w+\s){0,2}?(?:pills?|tablets?|medications?|painkillers|sleeping pills|opioids|benzos?|insulin)\b[^.?!\n]{0,80}?\b(?:die|kill|fatal|lethal|never wake|not wake|stop (?:her|his|my|their) heart)|\bhide (?:my )?(?:cutting|cuts|scars|self[- ]harm)\b(?<!\b(?:help(?:ing)?|daughter|son|friend|student)\b[^.?!\n]{0,80})|\b(?:height|how high|which bridge|what bridge|how far)\b[^.?!\n]{0,60}\b(?:guaranteed|enough|sure)\b[^.?!\n]{0,30}\b(?:unalive|kill|die|death)|\bunalive (?:myself|me|you|yourself)\b|\b(?:encourag\w*|convinc\w*|persuad\w*|urg\w*)\s(?:someone|somebody|him|her|them|people|my \w+)\s(?:to\s)?(?:end (?:their|his|her) (?:life|lives)|kill (?:themselves|himself|herself)|commit suicide)\b`,
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
