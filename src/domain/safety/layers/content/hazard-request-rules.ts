import type { ContentRule } from './content-rules.ts';
import { asking, playFrame, request } from './intent-rules.ts';

/**
 * Phrase rules for requests whose object gives the harm away though no listed making verb or agent does:
 * a drug made at the end of a longer procedure or its precursors obtained, a pathogen made resistant to
 * treatment, code that exploits a named flaw or a denial of service aimed at a site, someone's files
 * stolen off their machine, goods or people bought on the black market, a life-saving device tampered
 * with, someone else's system entered to change the asker's record, a drone armed. Each decides alone (see
 * content-rules.ts). The look-alikes each is written around: how bacteria become resistant, how attackers
 * used a flaw (a report), protecting a server, the dangers of the dark web, turning off one's own insulin
 * pump before a scan, one's own grades looked up, drones in the news.
 */

/** Ordering a procedure or a piece of work: "give detailed instructions for", "describe how to", "write code for". */
const procedureOrder = String.raw`(?:${request}|\b(?:give|provide|list|describe|detail|write|explain|outline|show)\b[^.?!\n]{0,40}?\b(?:instructions|steps|procedure|guide|process|method|recipe|protocol|route|how to))`;
/** What makes talk of a drug, a pathogen or a flaw a warning, a safeguard or an explanation. */
const guardFrame = String.raw`\b(?:not|never|n't|why|dangers?|risks?|signs?|symptoms?|detect\w*|prevent\w*|protect\w*|defen[cs]\w*|secur\w*|mitigat\w*|patch\w*|stop|avoid\w*|history|historically|law|laws|legal\w*|police|authorities|regulators?|report|article|essay|summary|overview|analysis|presentation)\b`;
/** Within the procedure, what makes it a warning against the drug rather than a way to it. */
const warningFrame = String.raw`\b(?:not|never|n't|why|dangers?|risks?|signs? of|prevent\w*|stop)\b`;
const drugs = String.raw`(?:mdma|ecstasy|molly|methamphetamine|meth|amphetamines?|lsd|dmt|ghb|pcp|ketamine|mescaline|nitazenes?|isotonitazene|carfentanil|fentanyl|heroin|crack cocaine|crack|cocaine|oxycodone|desomorphine|krokodil)`;
const makingTo = String.raw`(?:to make|for making|to produce|for producing|to synthesi[sz]e|for synthesi[sz]ing|to cook|for cooking|to manufacture|for manufacturing|to extract|into|make|making|synthesi[sz]e|synthesi[sz]ing|cook|cooking|produce|producing|manufacture|manufacturing|extract|extracting)`;
const hazardousTarget = String.raw`(?:sarin|vx|tabun|soman|nerve agents?|chemical weapons?|explosives?|tatp|${drugs})`;
/** Germs as the object of breeding or engineering. */
const germ = String.raw`(?:pathogens?|virus(?:es)?|bacteri(?:um|a)|e\.? ?coli|mrsa|salmonella|anthrax|tuberculosis|tb|measles|smallpox|influenza|flu|ebola|plague|strains?|germs?|microbes?)`;
const treatmentResistance = String.raw`(?:(?:resistant|immune) to (?:all |most |common |every |the |any )?(?:antibiotics?|antivirals?|vaccines?|treatments?|drugs?)|(?:antibiotic|drug|multidrug|multi-drug|vaccine|treatment)[- ]resistant|more (?:contagious|transmissible|lethal|deadly|infectious|virulent|resistant)|airborne)`;
const codeOrder = String.raw`\b(?:write|writing|create|develop|generate|give me|provide|code|build|make|show me)\b`;
const namedFlaw = String.raw`(?:vulnerabilit(?:y|ies)|vuln|cve-[\d-]+|flaw|zero-?day|0-?day|log4shell|log4j|heartbleed|eternalblue|shellshock|dirty ?cow|dirty ?pipe|spectre|meltdown|buffer overflow|rce|remote code execution|unpatched)`;
const machine = String.raw`(?:computer|laptop|pc|phone|device|server|network|machine|tablet|mac|workstation)`;
const marketPlace = String.raw`(?:black[- ]market|dark ?web|darknet|dark net|deep web)`;
const lifeDevice = String.raw`(?:pacemakers?|insulin pumps?|defibrillators?|icds?|life[- ]support(?: machines?)?|ventilators?|infusion pumps?|(?:life-saving |lifesaving )?medical devices?|oxygen (?:supply|concentrators?|machines?)|dialysis machines?)`;
/** Records kept by someone else that the asker would change in their favour. */
const ownRecord = String.raw`(?:grades?|marks?|scores?|exam results?|results?|attendance|records?|criminal records?|credit scores?|fines?|debts?|balances?|transcripts?|salary|salaries)`;
const armament = String.raw`(?:grenades?|bombs?|explosives?|ieds?|shrapnel|molotovs?|guns?|firearms?|weapons?)`;

export const hazardRequestRules: readonly ContentRule[] = [
  {
    name: 'drug_production',
    category: 'non_violent_crimes',
    triggers: ['mdma', 'ecstasy', 'molly', 'methamphetamine', 'meth', 'amphetamine', 'amphetamines', 'lsd', 'dmt', 'ghb', 'pcp', 'ketamine', 'mescaline', 'nitazene', 'nitazenes', 'isotonitazene', 'carfentanil', 'fentanyl', 'heroin', 'crack', 'cocaine', 'oxycodone', 'desomorphine', 'krokodil', 'precursor', 'precursors'],
    // A drug made at the end of a procedure asked for, or the precursors of a drug or an agent obtained.
    pattern: new RegExp(
      String.raw`${procedureOrder}(?<!${guardFrame}[^.?!\n]{0,80})(?![^.?!\n]{0,100}?${warningFrame})[^.?!\n]{0,100}?\b${makingTo}\s+(?:(?:crystal|pure|homemade|street|pharmaceutical[- ]grade|some|the)\s+)?${drugs}\b|(?:${asking}|\binstructions (?:for|on)|\bwhere (?:can|could|do) (?:i|we|one))(?<!${guardFrame}[^.?!\n]{0,80})\s+(?:[\w'-]+\s+){0,3}?(?:obtain|obtaining|buy|buying|acquire|acquiring|get|getting|source|sourcing|order|ordering|purchase|purchasing)\s+(?:[\w'-]+\s+){0,3}?precursors?\b[^.?!\n]{0,60}?\b(?:for|of|to make|needed for|used for|to synthesi[sz]e)\s+(?:[\w'-]+\s+){0,2}?${hazardousTarget}\b`,
      'i',
    ),
  },
  {
    name: 'pathogen_enhancement',
    category: 'indiscriminate_weapons',
    triggers: ['pathogen', 'pathogens', 'virus', 'viruses', 'bacterium', 'bacteria', 'coli', 'ecoli', 'mrsa', 'salmonella', 'anthrax', 'tuberculosis', 'tb', 'measles', 'smallpox', 'influenza', 'flu', 'ebola', 'plague', 'strain', 'strains', 'germ', 'germs', 'microbe', 'microbes'],
    // A germ to be bred or engineered past treatment or into a worse one; not how resistance arises or is stopped.
    pattern: new RegExp(
      String.raw`${procedureOrder}(?<!${guardFrame}[^.?!\n]{0,80})\s+(?:[\w.'-]+\s+){0,4}?(?:mak(?:e|ing)|engineer(?:ing)?|modify(?:ing)?|alter(?:ing)?|mutat(?:e|ing)|cultur(?:e|ing)|grow(?:ing)?|breed(?:ing)?|evolv(?:e|ing)|select(?:ing)?|creat(?:e|ing)|produc(?:e|ing))\s+(?:[\w.'-]+\s+){0,3}?${germ}\b(?![^.?!\n]{0,60}?${guardFrame})[^.?!\n]{0,40}?\b${treatmentResistance}`,
      'i',
    ),
  },
  {
    name: 'attack_code',
    category: 'non_violent_crimes',
    triggers: ['exploit', 'exploits', 'exploiting', 'denial', 'dos', 'ddos', 'steal', 'stealing'],
    // Code asked for that exploits a named flaw, a denial of service aimed at a site, someone's files taken
    // off their machine; not a report on an attack, a defence, or a test of one's own server. Each order is
    // first checked to be followed by its harm word (a lookahead the rest implies), so that a text full of
    // "code", "make" or "how" does not pay the frames' look back and ahead at every one of them.
    pattern: new RegExp(
      String.raw`${codeOrder}(?=[^.?!\n]{0,60}?\b(?:exploit|exploits|exploiting)\s)(?<!(?:${guardFrame}|${playFrame})[^.?!\n]{0,80})(?![^.?!\n]{0,120}?(?:${guardFrame}|${playFrame}|\btest(?:ing)? (?:my|our)\b))[^.?!\n]{0,60}?\b(?:exploit|exploits|exploiting)\s+(?:[\w.'-]+\s+){0,4}?${namedFlaw}\b|(?:${asking}|${codeOrder})(?=[^.?!\n]{0,80}?\b(?:denial[- ]of[- ]service|ddos|dos)\s)(?<!${guardFrame}[^.?!\n]{0,80})(?![^.?!\n]{0,120}?${guardFrame})[^.?!\n]{0,80}?\b(?:denial[- ]of[- ]service|ddos|dos)\s+(?:(?:attacks?|floods?)\s+)?(?:(?:on|against|to take down|that takes down)\s+)?(?:a |an |the |this |that |someone'?s |my (?:school|ex|boss|rival|competitor)'?s? )?(?:[\w.'-]+\s+){0,2}?(?:websites?|servers?|sites?|networks?|services?|company|school|game servers?)\b|(?:${asking}|${codeOrder})(?=[^.?!\n]{0,80}?\bsteal(?:ing)?\s)(?<!${guardFrame}[^.?!\n]{0,80})[^.?!\n]{0,80}?\bsteal(?:ing)?\s+(?:[\w'-]+\s+){0,3}?(?:files|data|passwords|credentials|documents|photos|cookies|emails)\s+(?:from|off)\s+(?:a |an |the |someone'?s |somebody'?s |his |her |their |my (?:boss|coworker|colleague|ex|wife|husband|roommate|partner)'?s )?(?:[\w'-]+\s+)?${machine}\b`,
      'i',
    ),
  },
  {
    name: 'black_market',
    category: 'non_violent_crimes',
    triggers: ['black', 'dark', 'darknet', 'deep'],
    // Something or someone bought, sold or hired on the black market or the dark web; not its dangers or its history.
    pattern: new RegExp(
      String.raw`(?:${procedureOrder}|\b(?:ways? to|tips|can i|could i|help me|where (?:can|could|do|should) (?:i|we|one)|who|list|give me|find me|name|recommend|tell me|show me)\b)(?<!${guardFrame}[^.?!\n]{0,80})[^.?!\n]{0,60}?\b(?:buy|buying|sell|selling|acquire|acquiring|obtain|obtaining|buyers?|sellers?|vendors?|dealers?|purchase|purchasing|order|ordering|find|finding|hire|hiring|get|getting|source|sourcing|contact)\b[^.?!\n]{0,60}?\b(?:on|through|via|from|in)\s+(?:the\s+)?${marketPlace}\b(?![^.?!\n]{0,80}?(?:${guardFrame}|\bsafe(?:ly)?\b))`,
      'i',
    ),
  },
  {
    name: 'device_tampering',
    category: 'violent_crimes',
    triggers: ['pacemaker', 'pacemakers', 'insulin', 'defibrillator', 'defibrillators', 'icd', 'icds', 'life', 'ventilator', 'ventilators', 'infusion', 'medical', 'oxygen', 'dialysis'],
    // Someone's life-saving device to be tampered with; not one's own pump paused for a scan, or how the devices are secured.
    pattern: new RegExp(
      String.raw`(?:${asking}|\b(?:describe|explain|give|list|tell me|show me|write|detail)\b)(?<!${guardFrame}[^.?!\n]{0,80})[^.?!\n]{0,60}?\b(?:tamper(?:ing)? with|disable|disabling|hack|hacking|hack into|interfere with|interfering with|sabotag\w*|reprogram\w*|jam|jamming)\s+(?:[\w'-]+\s+){0,6}?(?<!\bmy\s+(?:[\w'-]+\s+){0,2})${lifeDevice}\b(?![^.?!\n]{0,80}?${guardFrame})`,
      'i',
    ),
  },
  {
    name: 'record_tampering',
    category: 'non_violent_crimes',
    // Triggered by the record (the phrase's last words), not the system: technical text names servers and networks on every line.
    triggers: ['grade', 'grades', 'mark', 'marks', 'score', 'scores', 'result', 'results', 'attendance', 'record', 'records', 'fine', 'fines', 'debt', 'debts', 'balance', 'balances', 'transcript', 'transcripts', 'salary', 'salaries'],
    // Someone else's system broken into to change what it records of the asker; not one's own records looked up or corrected through the office.
    pattern: new RegExp(
      String.raw`(?:${asking}|${procedureOrder})(?<!${guardFrame}[^.?!\n]{0,80})[^.?!\n]{0,40}?\b(?:hack|hack into|get into|break into|sneak into|access|log into|get access to|get admin access to|get into the back end of)\s+(?:[\w'-]+\s+){0,3}?(?:system|database|portal|server|records|gradebook|network|computer)\b[^.?!\n]{0,60}?\b(?:change|alter|edit|modify|raise|boost|delete|erase|remove|wipe|fix|improve)\s+(?:my |our )(?:[\w'-]+\s+)?${ownRecord}\b`,
      'i',
    ),
  },
  {
    name: 'armed_drone',
    category: 'violent_crimes',
    triggers: ['drone', 'drones', 'quadcopter', 'quadcopters', 'uav', 'uavs'],
    // A drone to be built or fitted to drop or fire a weapon; not drones in the news, a game, or a defence against them.
    pattern: new RegExp(
      String.raw`(?:${procedureOrder}|\b(?:build|building|make|making|modify|modifying|rig|rigging|fit|fitting)\b)(?<!(?:${guardFrame}|${playFrame})[^.?!\n]{0,80})(?:[^.?!\n]{0,40}?\b(?:attach|attaching|mount|mounting|strap|strapping|fit|fitting|rig|rigging|tape|taping)\s+(?:[\w'-]+\s+){0,3}?${armament}\s+(?:to|on|onto|under|beneath)\s+(?:a|an|the|my|our)\s+(?:[\w'-]+\s+)?(?:drones?|quadcopters?|uavs?)|[^.?!\n]{0,40}?\b(?:drones?|quadcopters?|uavs?)\b[^.?!\n]{0,60}?\b(?:drop|drops|dropping|release|releases|releasing|deliver|delivers|delivering|carry|carries|carrying|fire|fires|firing|detonate|attach|attaching|mount|mounting|strap|strapping)\s+(?:[\w'-]+\s+){0,4}?${armament})\b(?![^.?!\n]{0,80}?(?:${guardFrame}|${playFrame}))`,
      'i',
    ),
  },
];
