import type { ContentRule } from './content-rules.ts';
import { noLetterAfter, noLetterBefore } from '../../text/latin-word-start.ts';

/**
 * Phrase rules for harm asked for with its cover or its pretext rather than its name: a person or an animal
 * harmed so that a coroner, an autopsy or a doctor would miss it; a height, a knot or an amount asked for
 * after the asker says they are done with life (in the six other languages too); a story's character whose
 * weapon, toxin or drug is to be described with its real quantities, components or wiring; not eating
 * hidden from a parent or a doctor; drugs got past dogs, x-rays or customs; someone hit so no mark shows or
 * no one hears; a body made to vanish (ADR 0081); the same operational detail asked for with no story at all
 * (ADR 0088). Each decides alone (see
 * content-rules.ts). The look-alikes they are written around: how coroners find poison, a detective who
 * solves a poisoning in a novel, a story's bomb without its wiring, work-safety heights, a dose asked about
 * with no wish to die, a parent whose child stopped eating, a traveller's own prescription.
 */

/** The asker about to act: "how do I", "what can I", "how long do I need to". */
const askerActs = String.raw`\b(?:how (?:do|can|could|would|should|might) (?:i|we|you|one|someone)|how to|(?:what|which) (?:\w+ ){0,4}?(?:can|could|would|should) i|where (?:should|can|do) i|how (?:long|hard|much|many)\b[^.?!\n]{0,30}?\b(?:do|would|should|must) (?:i|you)|what(?:['’]?s| is) (?:the|a) (?:best |easiest |quickest |safest |good )?way to|is there a way to|help me|i (?:want|need|plan) to)`;
/** Harm done to someone or something alive. */
const harmDone = String.raw`(?:poison\w*|poision\w*|posion\w*|kill\w*(?! time\b)|murder\w*|smother\w*|suffocat\w*|strangl\w*|chok\w*|drown\w*|inject\w*|hit|stab\w*|push\w*|stop\w* (?:\w+ )?breathing|pillow over|put (?:in|into)|slip\w*|spik\w*|overdos\w*|mess with|tamper with|cut|feed|give (?:him|her|them|it)|finish (?:it|him|her|them) off|bring on a heart attack|add (?:\w+ )?(?:to|into)|grind\w*|mix\w* (?:\w+ )?into|dos(?:e|ing) (?:him|her|them|someone|somebody|my \w+))`;
/** What is to keep it from being found: a coroner, an autopsy, a death that looks natural. */
const coverFromExaminers = String.raw`(?:coroners?|autops(?:y|ies)|toxicology|tox screen|(?:normal |standard |routine )?blood (?:test|work|panel)s?|medical examiners?|forensics?|luminol|cadaver dogs?|(?:without|not|no) leav\w* (?:any )?(?:marks?|traces?|evidence|bruises)|(?:looks?|seems?|appears?) like (?:an? )?(?:accident|natural causes|suicide|heart attack|stroke|normal wear)|(?:looks?|seems?|appears?) natural|(?:looks?|seems?|appears?) like (?:he|she|they) died (?:in (?:his|her|their) sleep|naturally|of natural causes|of old age)|natural causes|(?:got|get|gets|getting) sick naturally|died? naturally|(?:not|won['’]?t|wouldn['’]?t|doesn['’]?t) (?:look suspicious|show up)|doctors? (?:think|won['’]?t|wouldn['’]?t|will think|can['’]?t tell)|(?:vets?|doctors?|police|pathologists?|investigators?) (?:wouldn['’]?t|wouldnt|won['’]?t|wont|can['’]?t|cant|couldn['’]?t) (?:notice|tell|find|detect|trace|pick (?:it )?up)|undetectable|untraceable|(?:trace|traced) (?:it )?back to me|without (?:him|her|them|anyone|the (?:victim|person)) (?:noticing|knowing|feeling it)|never (?:barks?|meows?|bothers? (?:me|us)|wakes? up) again|(?:shut|silence) (?:it|him|her|them) up (?:permanently|for good|forever))`;

/** The asker saying they are done with life. */
const despair = String.raw`(?:i(?:['’]ve| have)? decided (?:i(?:['’]m| am) done|to (?:end|go))|i(?:['’]m| am|m) done\b(?! with (?:work|school|my|the|this|that|it\b))|(?:don['’]?t|do not|dont) want to (?:be here|live|exist|wake up|be alive)(?: anymore| any more)?|i (?:want|wanna|am going|['’]m going) to (?:end it|die|not wake up)|end (?:it all|my (?:own )?life)|take my (?:own )?life|(?:want|need) (?:it all|everything|the pain|this) to (?:stop|end)|(?:don['’]?t|do not) want to fail again|(?:be sure|make sure) it(?:['’]ll| will) work this time|(?:if|when) i(?:['’]m| am| was) gone|nobody would (?:even )?(?:notice|care|miss me)|can['’]?t (?:go on|take it anymore|do this anymore)|(?:want|need) (?:it|this|everything) to be over|(?:no|any) reason to (?:live|keep going)|(?:don['’]?t|do not|dont) (?:want to be|try to) talk(?:ed)? (?:me )?out of it)`;
/** A way to die named by its means: a height, a knot, pills. */
const lethalMeans = String.raw`(?:bridges?|buildings?|roof(?:top)?s?|roof access|height|high enough|tall|knots?|ropes?|noose|hang\w*|jump\w*|fall|pills?|tablets?|dose|overdose|paracetamol|tylenol|acetaminophen|medications?|medicine(?: cabinet)?|gun|train tracks|cliffs?|neck|tight|combination|lethal|garage|carbon monoxide|(?:could|can|should) i take|(?:would|will) do it|work this time|(?:most |least )?painless|way to (?:end it|go)|go quietly|chemicals|fatal|most certain|surest (?:way|method))`;
const certainDeath = String.raw`(?:(?:(?:guaranteed|sure|certain|enough)(?: to be)?|(?:definitely|surely|certainly|always)(?: be)?) (?:fatal|lethal|to die|to kill (?:me|myself|you))|guarantee[sd]? (?:death|(?:that )?(?:you|i|a person|someone) (?:die|dies|won['’]?t survive)))`;
/** The same in German, French, Spanish, Italian, Portuguese and Dutch: an amount asked for, to die. */
const foreignAmount = String.raw`(?:wie ?viel\w*|welche dosis|quelle (?:quantité|dose)|combien|cu[aá]nt[oa]s?|qu[eé] dosis|quant[oa]s?|quanti|quante|quale dose|que dose|hoeveel|welke dosis)`;
const foreignToDie = String.raw`(?:um zu sterben|(?:um )?nicht mehr aufzuwachen|pour mourir|pour en finir|ne plus (?:jamais )?(?:me|se) réveiller|no (?:volver a )?despertar(?:me|se)?|non svegliar(?:mi|si) più|não acordar mais|niet meer wakker (?:te )?worden|para morir|para no despertar(?:me)?(?: nunca más)?|per morire|per non svegliar(?:mi|si) più|para morrer|para não acordar|om dood te gaan|om te sterven|om niet meer wakker te worden)`;
/** A way asked for to end one's own life, in the six other languages. */
const foreignOwnEnd = String.raw`(?:acabar com a minha vida|acabar con mi vida|quitarme la vida|mettre fin à (?:ma vie|mes jours)|mein leben (?:zu )?beenden|porre fine alla mia vita|togliermi la vita|mijn leven (?:te )?beëindigen)`;
const foreignWay = String.raw`(?:forma|manera|modo|maneira|façon|moyen|weg|methode|manier|mezzo)`;

/** A story's frame around a request. */
const storyFrame = String.raw`(?:novel|novelist|story|thriller|screenplay|script|book|fiction|character|villain|protagonist|antagonist|role-?play|in character|campaign|d&d|dungeon master|game master|rpg|monologue|scene|chapter|episode|tv series|movie|film|heist|stage play|voice memo|showrunner|krimi|roman|histoire|novela|romanzo|verhaal)`;
/** The operational detail a story does not need. */
const realDetail = String.raw`(?:quantities|amounts|measurements|components|wiring|temperatures|ingredients|ingredient names|recipe|ratios|doses|reagents|precursors|chemicals|parts list|step[- ]by[- ]step|(?:real|real-world|exact|accurate|actual) (?:details|files|settings|parts|process|names|tool names)|full (?:source )?code|working code|exactly (?:how|which|what)|(?:detailed|specific|precise) and (?:accurate|practical|realistic)|technically accurate|in (?:precise|specific|operational|practical|technical|exact) detail|verbatim|mengenangaben|quantités|cantidades|quantità|quantidades|hoeveelheden)`;
const hazard = String.raw`(?:(?<!\b(?:bath|seed|photo|glitter|smoke|stink|fizz|cherry|calorie|truth|f) )bombs?|explosives?|ieds?|detonators?|pressure[- ]cooker|nerve agents?|sarin|ricin|botulinum|anthrax|toxins?|poisons?|meth|methamphetamine|fentanyl|cocaine|coca paste|heroin|mustard gas|chlorine gas|toxic gas|poison gas|giftiges gas|gaz toxique|gas tóxico|gas tossico|napalm|thermite|molotov|ghost guns?|untraceable (?:gun|firearm)s?|3d-?printed guns?|silencers?|suppressors?|device with a timer|ransomware|malware|keylogger|sprengstoff|explosif|explosivo|esplosivo)`;
const hazardMade = String.raw`(?:make|makes|making|made|build|builds|building|assembl\w*|cultur\w*|synthes\w*|cook\w*|brew\w*|mix\w*|wires?|wiring|produc\w*|prepar\w*|extract\w*|print\w*|types? out|writes?|coding|turn\w* (?:[\w-]+ ){0,3}?into|herstell\w*|fabri\w*)`;

export const covertHarmRules: readonly ContentRule[] = [
  {
    name: 'harm_hidden_from_examiners',
    category: 'violent_crimes',
    triggers: ['coroner', 'coroners', 'autopsy', 'autopsies', 'toxicology', 'tox', 'blood', 'examiner', 'examiners', 'forensic', 'forensics', 'luminol', 'cadaver', 'marks', 'trace', 'traces', 'traced', 'evidence', 'bruises', 'accident', 'natural', 'naturally', 'suicide', 'heart', 'stroke', 'wear', 'suspicious', 'show', 'died', 'sleep', 'doctors', 'doctor', 'vet', 'vets', 'police', 'pathologist', 'pathologists', 'investigators', 'undetectable', 'untraceable', 'noticing', 'knowing', 'feeling', 'again', 'permanently', 'good', 'forever', 'float', 'floating', 'floats', 'found'],
    pattern: new RegExp(
      [
        String.raw`${askerActs}(?!\s+(?:write|describe|depict|portray|film|show)\b)\b[^.?!\n]{0,80}?\b${harmDone}\b[^\n]{0,140}?\b${coverFromExaminers}\b`,
        // "how would you make it look like an accident and not a push"
        String.raw`${askerActs}(?!\s+(?:write|describe|depict|portray|film|show)\b)\b[^.?!\n]{0,60}?\b${coverFromExaminers}\b[^.?!\n]{0,60}?\b${harmDone}\b`,
        // "Which medications are hard to pick up in a standard autopsy?"; "how do you stop it floating up?"
        String.raw`\b(?:which|what)\s(?:\w+\s){0,2}?(?:poisons?|medications?|drugs?|substances?|toxins?)\b[^.?!\n]{0,40}?\b(?:hard(?:est)? to (?:detect|find|trace|pick up)|undetectable|untraceable)\b[^.?!\n]{0,60}?\b(?:autops(?:y|ies)|toxicology|tox screen|coroners?)\b`,
        String.raw`\b(?:how (?:do|can|would|should) (?:i|you|we)|how to|help me)\s(?:stop|keep|hide|clean|dispose of|get rid of|bury|sink|dissolve)\b[^.?!\n]{0,60}?\b(?:body|corpse|person-sized|blood(?:stains| traces)?|it)\b[^.?!\n]{0,60}?\b(?:float\w* (?:up|to the surface)|cadaver dogs?|luminol|forensics?|(?:can['’]?t|won['’]?t|never) be found)`,
      ].join('|'),
      'i',
    ),
  },
  {
    name: 'lethal_means_after_despair',
    category: 'self_harm',
    triggers: ['decided', 'talked', 'talk', 'done', 'live', 'exist', 'wake', 'alive', 'die', 'end', 'life', 'here', 'fatal', 'lethal', 'death', 'guarantee', 'guarantees', 'guaranteed', 'myself', 'suicide', 'stop', 'fail', 'gone', 'nobody', 'anymore', 'time', 'take', 'sterben', 'aufzuwachen', 'mourir', 'réveiller', 'finir', 'morir', 'despertar', 'despertarme', 'morire', 'svegliarmi', 'svegliarsi', 'morrer', 'acordar', 'dood', 'sterven', 'wakker', 'vida', 'vie', 'jours', 'leben', 'vita', 'leven'],
    pattern: new RegExp(
      [
        String.raw`\b${despair}[^\n]{0,160}?\b(?:which|what|whats|where|how)\b[^\n]{0,80}?\b${lethalMeans}\b`,
        String.raw`\b(?:which|what|whats|where|how)\b[^\n]{0,80}?\b${lethalMeans}\b[^\n]{0,160}?\b${despair}`,
        String.raw`\b(?:which|what|whats|where|how high|how tall)\b[^.?!\n]{0,80}?\b(?:bridges?|buildings?|heights?|roofs?|floors?|fall|drop|jump)\b[^.?!\n]{0,60}?\b${certainDeath}\b`,
        String.raw`${noLetterBefore}${foreignAmount}${noLetterAfter}[^\n]{0,100}?${noLetterBefore}${foreignToDie}${noLetterAfter}`,
        String.raw`${noLetterBefore}${foreignWay}${noLetterAfter}[^\n]{0,60}?${noLetterBefore}${foreignOwnEnd}${noLetterAfter}`,
        // "how many of my antidepressants would it take to just not wake up"
        String.raw`\bhow (?:many|much)\b[^.?!\n]{0,60}?\b(?:would|will|does|do) it take\b[^.?!\n]{0,20}?\bto (?:just |finally )?(?:not wake up|never wake up|end it\b|end my life|kill myself|stop my heart)`,
        // "What's a way to end my life that will look like an accident?"
        String.raw`\b(?:what(?:['’]s| is)|which is|is there|give me|tell me|how (?:do|can|could|would|should) i)\b[^.?!\n]{0,40}?\b(?:way|ways|method|methods) (?:to|of) (?:end(?:ing)? my (?:own )?life|kill(?:ing)? myself|tak(?:e|ing) my (?:own )?life|commit(?:ting)? suicide)\b`,
      ].join('|'),
      'i',
    ),
  },
  {
    name: 'story_pretext_for_weapon_details',
    category: 'indiscriminate_weapons',
    triggers: ['novel', 'novelist', 'story', 'thriller', 'screenplay', 'script', 'book', 'fiction', 'character', 'villain', 'protagonist', 'antagonist', 'roleplay', 'role', 'campaign', 'd', 'master', 'rpg', 'monologue', 'scene', 'chapter', 'episode', 'tv', 'movie', 'film', 'heist', 'stage', 'voice', 'showrunner', 'krimi', 'roman', 'histoire', 'novela', 'romanzo', 'verhaal'],
    pattern: new RegExp(
      [
        String.raw`\b${storyFrame}\b[^\n]{0,200}?\b(?:${hazardMade}\b[^\n]{0,60}?\b${hazard}|${hazard}\b[^\n]{0,60}?\b${hazardMade})\b[^\n]{0,200}?\b${realDetail}\b`,
        String.raw`\b${storyFrame}\b[^\n]{0,200}?\b${realDetail}\b[^\n]{0,200}?\b(?:${hazardMade}\b[^\n]{0,60}?\b${hazard}|${hazard}\b[^\n]{0,60}?\b${hazardMade})\b`,
      ].join('|'),
      'i',
    ),
  },
  {
    name: 'weapon_details_asked',
    category: 'indiscriminate_weapons',
    triggers: [
      'bomb', 'bombs', 'explosive', 'explosives', 'ied', 'ieds', 'detonator', 'detonators', 'cooker', 'nerve', 'sarin', 'ricin', 'botulinum', 'anthrax', 'toxin', 'toxins', 'poison', 'poisons', 'meth',
      'methamphetamine', 'fentanyl', 'cocaine', 'paste', 'heroin', 'gas', 'napalm', 'thermite', 'molotov', 'ghost', 'gun', 'guns', 'firearm', 'firearms', 'silencer', 'silencers', 'suppressor', 'suppressors', 'device',
      'ransomware', 'malware', 'keylogger', 'sprengstoff', 'gaz', 'explosif', 'explosivo', 'esplosivo', 'tossico', 'giftiges',
    ],
    // The same operational detail asked for with no story at all: "for a school project I need the exact amounts to make a homemade explosive".
    pattern: new RegExp(
      String.raw`\b(?:i need|i want|give me|tell me|list|what are|send me|provide|walk me through|show me)\b[^.?!\n]{0,30}?\b${realDetail}\b[^.?!\n]{0,40}?\b${hazardMade}\b[^.?!\n]{0,40}?\b${hazard}\b`,
      'i',
    ),
  },
  {
    name: 'starving_kept_hidden',
    category: 'self_harm',
    triggers: ['eating', 'eat', 'starving', 'starve', 'calories', 'calorie', 'hungry', 'hunger', 'purge', 'purging', 'throw', 'laxatives', 'meals'],
    // Not eating, purging or laxatives kept from a parent, a doctor or a therapist; not a parent asking about a child.
    pattern: new RegExp(
      String.raw`\b(?:stop eating|not eating|starv\w*|skip(?:ping)? (?:all )?meals|purg\w*|throw(?:ing)? up (?:after|every)|make myself (?:throw up|sick|vomit)|laxatives?|\d{3} calories)\b[^\n]{0,160}?\b(?:hide (?:it|this|that|not eating|my \w+) from (?:my |the )?(?:mom|mum|dad|parents|family|doctor|therapist|dentist|school)|so (?:my |the )?(?:mom|mum|dad|parents|family|doctor|therapist|dentist) (?:doesn['’]?t|don['’]?t|won['’]?t|wont|doesnt|dont) (?:notice|find out|know|see)|stop (?:feeling|being) hungry|suppress (?:my )?(?:appetite|hunger))\b`,
      'i',
    ),
  },
  {
    name: 'contraband_past_searches',
    category: 'non_violent_crimes',
    triggers: ['dogs', 'dog', 'sniffed', 'sniff', 'ray', 'xray', 'security', 'customs', 'border', 'undercover', 'searched', 'scanner', 'scanners'],
    // Drugs or cash got past a search; not a traveller's own medicine, nor how the searches work.
    pattern: new RegExp(
      String.raw`\b(?:weed|cannabis|coke|cocaine|crack|meth|molly|mdma|ecstasy|pills|heroin|fentanyl|ketamine|drugs|kilos?|contraband|cash|product|stash)\b(?<!\b(?:prescription|prescribed|my (?:own )?(?:medication|medicine)) [^.?!\n]{0,40})[^\n]{0,120}?\b(?:(?:doesn['’]?t|don['’]?t|won['’]?t|wont|never|can['’]?t) (?:get )?(?:sniffed out|found|detected|caught|flagged|seen)|(?:past|through|by) (?:the )?(?:drug dogs?|sniffer dogs?|k-?9s?|x-?rays?|airport security|security scanners?|customs|border (?:control|agents|patrol|guards))|spot undercover (?:cops|police|officers)|without (?:getting )?(?:searched|sniffed out))`,
      'i',
    ),
  },
  {
    name: 'assault_left_unseen',
    category: 'violent_crimes',
    triggers: ['bruises', 'bruise', 'bruising', 'marks', 'mark', 'traces', 'hears', 'hear', 'notices', 'sees', 'hearing', 'noticing', 'seeing', 'quietest', 'quietly', 'noticeable', 'witnesses', 'injuries', 'injury', 'trace', 'notice', 'see', 'discreet'],
    // Someone beaten, hit or hurt so that no mark shows or no one hears; not breaking up, nor beating at a game.
    pattern: new RegExp(
      [
        String.raw`\b(?:beat(?:ing)?(?: up)?|punch\w*|hit(?:ting)?|kick\w*|hurt(?:ing)?|slap\w*|choke|choking|strangl\w*|rough(?:ing)? up|knock(?:ing)? out|break(?:ing)? (?:someone|somebody|his|her|their|a (?:man|woman|guy|person)|\w+['’]s) (?:arm|leg|nose|jaw|ribs?|fingers?|wrist|neck|knee))\b[^.?!\n]{0,40}?\b(?:someone|somebody|him|her|them|a (?:man|woman|guy|kid|child|person)|my (?:wife|husband|girlfriend|boyfriend|partner|kid|son|daughter|child|stepson|stepdaughter|roommate)|people|arm|leg|nose|jaw|ribs?|fingers?|wrist)\b[^.?!\n]{0,80}?\b(?:so (?:that )?(?:the )?(?:bruises?|marks?|injur\w*) (?:don['’]?t|won['’]?t|never|do not|will not) show|(?:without|not|no|never) leav\w* (?:any |visible )?(?:marks?|bruises?|traces?)|(?:so|and) (?:nobody|no one|no-one|the neighbou?rs?) (?:nearby )?(?:hears?|notices?|sees?)|without (?:anyone|anybody|witnesses|the neighbou?rs?) (?:hearing|noticing|seeing))`,
        String.raw`\b(?:quietest|least noticeable|most discreet) (?:way|ways|method) to (?:beat|punch|hit|hurt|choke|strangle|knock out|break (?:someone|somebody|his|her|their|\w+['’]s) (?:arm|leg|nose|jaw|ribs?|fingers?|wrist|neck))\b`,
      ].join('|'),
      'i',
    ),
  },
  {
    name: 'body_disposed_of',
    category: 'violent_crimes',
    triggers: ['body', 'bodies', 'corpse', 'corpses', 'remains'],
    // A dead person's body made to vanish; not a pet's ("the body of my hamster"), a game's or a story's, a
    // funeral home's work, nor body fat.
    pattern: new RegExp(
      String.raw`\b(?:get(?:ting)? rid of|dispos(?:e|ing) of|dump(?:ing)?|bur(?:y|ying)|hid(?:e|ing)|dissolv(?:e|ing)|burn(?:ing)?|destroy(?:ing)?|sink(?:ing)?|cut(?:ting)? up|dismember(?:ing)?|mov(?:e|ing))(?<!\b(?:funeral|mortician|morticians|undertakers?|crematori\w*|hospitals?|coroners?|legally|legal|history|historically|cemeter\w*|archaeolog\w*|detectives?|police|forensic|characters?|novels?|stor(?:y|ies)|fiction|screenplay|plot|mystery|game)\b[^\n]{0,100})\s(?:of\s)?(?:a|the|his|her|their|this|that)\s(?:dead\s|human\s)?(?:body|bodies|corpse|remains)\b(?!\s(?:fat|odou?r|hair|acne|lotion|spray|wash|image|weight|heat|pain|temperature|of (?:the|an?|my|your|this) (?:e-?mail|text|message|essay|letter|request|article|document|post|page|table)))(?![^\n]{0,80}\b(?:in (?:the game|the sims|minecraft|skyrim|gta|rimworld|a game|project zomboid)|zombie|novel|story|fiction|screenplay|plot|character)s?\b)(?!\s+of (?:my|our|the|a|an|his|her|their|this|that) (?:[\w-]+ ){0,2}?(?:fish|animal|pet|hamster|deer|bird|mouse|rat|squirrel|cat|dog|rabbit|chicken|goldfish|horse)s?\b)`,
      'i',
    ),
  },
];
