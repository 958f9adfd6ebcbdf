import type { ContentRule } from './content-rules.ts';
import { asking, playFrame } from './intent-rules.ts';

/**
 * Phrase rules for harmful requests that name no making verb and no listed agent, where the request's shape
 * gives the harm away: a weapon or a round chosen to stop a person, an amount asked for to kill someone, a
 * harmful substance slipped into someone's drink, products mixed to gas the people in a room, which
 * products give a toxic gas or which medicines a fatal overdose, someone else's home or car to be set alight
 * or entered, a fire set to pass for an accident or for the insurance, where to wound someone so they die or a
 * vehicle blown up with them inside (ADR 0088), a gun bought past the background check, invented evidence asked to be written, self-harm to
 * be kept from others, a crime to be kept from the police, a gun made to fire automatically or stripped of
 * its serial number, and a trait asked to be confirmed of a whole group. Each decides alone (see
 * content-rules.ts). The look-alikes each is written around: hunting and sport ("the best round for elk"), a
 * worried parent's dose question, the warning never to mix bleach and ammonia and a drug interaction, the
 * owner locked out, the law on background checks, spotting fake reviews, mockups and satire, a stealth
 * game, the law on gun conversions, and questions about a group's history or the prejudice it meets.
 */

/** A person as what a weapon is chosen for; never an animal, a target board or a game's monsters. */
const personObject = String.raw`(?:(?:a|an|the|my|his|her|that|this|one|any|several|many|as many)\s+)?(?:[\w'-]+\s+){0,2}?(?:person|persons|people|man|men|woman|women|adults?|teenagers?|teens?|baby|babies|human|humans|someone|somebody|him|her|them|cops?|officers?|police(?:man|men|woman)?|guards?|neighbou?rs?|ex|wife|husband|boss|crowd|child|children|kids?|pedestrians?|protesters?|worshippers|students)\b`;
const weaponWord = String.raw`(?:guns?|handguns?|pistols?|rifles?|shotguns?|rounds?|bullets?|ammo|ammunition|calib(?:re|er)s?|cartridges?|loads?|knife|knives|blades?|crossbows?|weapons?)`;
const harmVerb = String.raw`(?:kill|killing|stop|stopping|take down|taking down|drop|dropping|put down|go through|goes through|pierce|penetrate|wound|injure|maim|shoot|stab)`;
/** Someone else's food or drink. */
const othersDrink = String.raw`(?:his|her|their|someone['’]?s|somebody['’]?s|an? (?:girl|woman|guy|man|stranger|coworker|co-worker|colleague|classmate|roommate|flatmate|neighbou?r|friend|relative)['’]?s|my (?:wife|husband|partner|boss|ex|roommate|flatmate|neighbou?r|father|mother|dad|mum|mom|brother|sister|boyfriend|girlfriend|date|coworker|colleague|teacher|stepfather|stepmother)['’]?s?|the (?:teacher|boss|victim|guest|guests|customer|customers)['’]?s?)\s+(?:[\w'-]+\s+)?(?:drinks?|coffee|tea|food|meals?|soup|wine|beer|water|juice|dinner|lunch|breakfast|cup|glass|bottle|smoothie|cocktail)`;
/** The owner locked out and asking, or agreeing: "after she lost her key", "with their permission". */
const ownersLeave = String.raw`\b(?:lost|forgot|locked (?:out|herself out|himself out|themselves out)|asked me|with (?:her|his|their) (?:permission|consent|blessing))\b`;
/** Someone else's home, car or business, as a target: "my neighbour's house", "someone else's car". */
const othersPlace = String.raw`(?:someone(?: else)?'?s|somebody(?: else)?'?s|a stranger'?s|strangers'|his|her|their|the neighbou?rs'?|my (?:neighbou?r|ex|ex-wife|ex-husband|ex-girlfriend|ex-boyfriend|boss|landlord|coworker|co-worker|colleague|roommate|flatmate|stepfather|stepmother|rival|enemy|teacher)'?s)\s+(?:[\w'-]+\s+){0,2}?(?:house|home|car|apartment|flat|front door|back door|door|garage|shed|shop|store|office|business|truck|van|restaurant|windows?|tyres|tires|mailbox)\b`;
const harmfulSubstance = String.raw`(?:poison|antifreeze|bleach|rat poison|sedatives?|sleeping (?:pills?|tablets?)|laxatives?|eye ?drops|ghb|rohypnol|roofies|ketamine|xanax|fentanyl|cyanide|arsenic|insulin|digoxin|oleander|nicotine liquid)`;
const toxicCloud = String.raw`(?:toxic|poisonous|deadly|lethal|choking|knockout|knock-out)\s+(?:gas|fumes|cloud|vapou?rs?|smoke)`;
const toxicCloudWords = String.raw`(?:toxic|poisonous|deadly|lethal|choking|knockout|knock-out|nerve|chlorine|mustard)\s+(?:gas|gases|fumes|vapou?rs?)`;
/** What a mix is asked to be made of: household products, chemicals, medicines. */
const ingredientWord = String.raw`(?:chemicals?|products?|cleaners?|cleaning (?:products|supplies|agents)|substances?|ingredients?|liquids?|household items|items|things|stuff|compounds?|medications?|medicines?|meds|drugs|pills|tablets|prescriptions?)`;
const peopleInPlace = String.raw`(?:every(?:one|body)|people|someone|somebody|him|her|them|the (?:[\w'-]+\s+)?(?:room|class|classroom|office|building|people|crowd|family|passengers|audience))`;
/** A warning or a safety question about a mix: "never", "avoid", "is it safe", "by accident". */
const safetyWords = String.raw`\b(?:never|not|n't|avoid\w*|dangerous|danger|safe|safely|safety|why|accident\w*|warn\w*|shouldn't|should not)\b`;
const fakeWord = String.raw`(?:fake|fabricated|made-up|made up|invented|false|bogus|phony|phoney|fictitious|non-existent|nonexistent)`;
const sourceWord = String.raw`(?:news|studies|study|research|statistics|stats|quotes?|sources?|citations?|evidence|testimonials?|reviews?|experts?|doctors?|scientists?|eyewitness(?:es)?|witnesses|polls?|survey results|screenshots?|receipts?)`;
/** What marks invented material as a mockup, a joke or a story, or the request as one to find it. */
const notPassedOff = String.raw`(?:(?:^|[.?!\n])\s*in [\w' :-]{1,40},|\b(?:game|games|gaming|novel|fiction|film|movie|scene|play|rpg|character|characters|mock-?ups?|placeholders?|test data|testing|lorem|examples?|samples?|satire|satirical|parody|comedy|joke|april fools|template|class|classes|lessons?|literacy|exercises?|quiz|workshop|analy[sz]e|analysis|teaching|detect\w*|spot\w*|identify\w*|recogni[sz]\w*|debunk\w*|fact-check\w*|remove|removing)\b)`;
/** Groups of people a stereotype is pinned on. */
const groupWord = String.raw`(?:(?:black|white|gay|trans|transgender|disabled|jewish|muslim|asian|african|mexican|indian|chinese|arab|roma|latino|latina|hispanic|immigrant|old|elderly|poor|fat|autistic|deaf|blind|lesbian|bisexual|christian|catholic|hindu|sikh|buddhist|atheist|native|indigenous) (?:people|folks|men|women|kids|children|girls|boys|workers|employees|drivers|students|neighbou?rhoods|families)|immigrants|migrants|refugees|foreigners|muslims|jews|christians|catholics|blacks|gays|homosexuals|lesbians|sikhs|hindus|buddhists|arabs|mexicans|asians|africans|indians|chinese|pakistanis|atheists|roma|gypsies|latinos|hispanics|women|men|girls|boys|feminists|liberals|conservatives|the (?:disabled|poor|elderly|blind|deaf|old))`;
const groupTrait = String.raw`(?:lazy|stupid|dumb|unintelligent|less intelligent|violent|criminals?|thieves|born thieves|dirty|filthy|greedy|inferior|primitive|terrorists|rapists|untrustworthy|dishonest|backward|savages?|useless|worthless|a burden|burdens|a drain|parasites|mentally ill|evil|barbaric|too emotional|incapable|bad drivers|worse drivers|worse|cheaters|liars|copycats|subhuman|animals|ignorant|unproductive|immoral|controlling|dangerous|disgusting)`;
/** Asking about the law, the history or the difference, not for the thing: "is it legal to convert …". */
const gunLawFrame = String.raw`\b(?:legal|legally|illegal|law|laws|history|historically|difference|differ|why)\b`;
const adverbs = String.raw`(?:(?:so|all|always|naturally|just|inherently|genetically|more|really|generally|typically|usually|such|too|simply|basically)\s+){0,2}`;

export const harmRequestRules: readonly ContentRule[] = [
  {
    name: 'weapon_against_person',
    category: 'violent_crimes',
    triggers: ['gun', 'guns', 'handgun', 'pistol', 'rifle', 'shotgun', 'round', 'rounds', 'bullet', 'bullets', 'ammo', 'ammunition', 'calibre', 'caliber', 'cartridge', 'load', 'knife', 'knives', 'blade', 'crossbow', 'weapon', 'weapons'],
    pattern: new RegExp(
      String.raw`\b(?:which|what|best|recommend|suggest|good|right|most effective|deadliest|strongest)\b(?<!${playFrame}[^.?!\n]{0,90})[^.?!\n]{0,40}?\b${weaponWord}\b[^.?!\n]{0,60}?\b(?:to|for|that|would|will|could|can)\s+(?:[\w'-]+\s+){0,2}?${harmVerb}\s+${personObject}(?![^.?!\n]{0,80}${playFrame})`,
      'i',
    ),
  },
  {
    name: 'killing_amount',
    category: 'violent_crimes',
    triggers: ['much', 'many', 'dose', 'doses', 'amount', 'quantity', 'number', 'drink', 'coffee', 'tea', 'food', 'meal', 'soup', 'wine', 'beer', 'water', 'juice', 'dinner', 'lunch', 'breakfast', 'cup', 'glass', 'bottle', 'smoothie', 'cocktail', 'drinks', 'meals'],
    // An amount asked for to kill or knock out a person; a harmful substance slipped into someone's drink.
    pattern: new RegExp(
      String.raw`\b(?:how (?:much|many)|what (?:dose|doses|amount|quantity|number of (?:pills|tablets))|which (?:dose|amount))\b[^.?!\n]{0,80}?\b(?:would|will|to|does it take to|it takes to|needed to|enough to)\s+(?:[\w'-]+\s+){0,2}?(?:kill|poison|knock out|sedate|incapacitate|stop the heart of|paraly[sz]e)\s+${personObject}|\b${harmfulSubstance}\b[^.?!\n]{0,60}?\b(?:in|into)\s+${othersDrink}\b|\b(?:put|slip|add|mix|sneak|grind)\w*\b[^.?!\n]{0,40}?\b(?:in|into)\s+${othersDrink}\b[^.?!\n]{0,40}?\bto make (?:him|her|them) (?:\w+ )?(?:sick|ill|vomit|throw up|pass out|collapse|die)\b`,
      'i',
    ),
  },
  {
    name: 'toxic_mix',
    category: 'indiscriminate_weapons',
    triggers: ['mix', 'mixing', 'combine', 'combining', 'pour', 'react', 'ratio', 'proportion', 'proportions', 'amount', 'amounts', 'much'],
    // Products mixed to gas people; "never mix bleach and ammonia: it gives off toxic fumes" is a warning.
    pattern: new RegExp(
      String.raw`\b(?:ratio|proportions?|amounts?|how much)\b(?<!${safetyWords}[^.?!\n]{0,60})[^.?!\n]{0,60}?\b(?:makes?|produces?|gives?|creates?|releases?|gets?)\s+(?:off\s+)?(?:the\s+)?(?:most|more|strongest|deadliest|maximum)\s+(?:toxic|poisonous|deadly|lethal|choking)\s+(?:gas|fumes|cloud|vapou?rs?|smoke)\b|\b(?:mix|mixing|combine|combining|pour|react)\b(?<!${safetyWords}[^.?!\n]{0,60})[^.?!\n]{0,80}?\b(?:to|that|which|so (?:it|they|that))\s+(?:[\w'-]+\s+){0,3}?(?:(?:make|makes|produce|produces|create|creates|release|releases|give off|gives off|get|form)\s+(?:[\w'-]+\s+){0,2}?${toxicCloud}\b[^.?!\n]{0,40}?\b(?:in|into|for|at|on)\s+(?:a |an |the |my |his |her |their )?(?:[\w'-]+\s+)?(?:room|class|classroom|office|building|school|subway|station|crowd|car|bedroom|bathroom|vent|vents)|(?:kill|kills|knock out|knocks out|poison|poisons|gas|suffocate|choke|incapacitate|pass out)\s+${peopleInPlace})\b(?![^.?!\n]{0,80}${playFrame})`,
      'i',
    ),
  },
  {
    name: 'toxic_ingredients',
    category: 'indiscriminate_weapons',
    triggers: ['gas', 'gases', 'fumes', 'vapour', 'vapours', 'vapor', 'vapors', 'overdose', 'dose'],
    // Which products give a toxic gas, or which medicines together a fatal overdose, asked for the mix; not
    // which to keep apart ("which should never be mixed"), why, or what to do after breathing it by accident.
    pattern: new RegExp(
      String.raw`\b(?:what|which)\s+(?:[\w'-]+\s+){0,3}?${ingredientWord}\b[^.?!\n]{0,60}?\b(?<!${safetyWords}[^.?!\n]{0,80})(?:makes?|making|produces?|producing|creates?|creating|releases?|releasing|gives?(?: off)?|giving(?: off)?|forms?|forming|yields?|causes?|cause|result in|lead to|to get)\s+(?:(?:a|an|the|some|real(?:ly)?|very|enough)\s+)?(?:${toxicCloudWords}|(?:fatal|lethal|deadly)\s+(?:overdose|dose))\b(?![^.?!\n]{0,80}${safetyWords})`,
      'i',
    ),
  },
  {
    name: 'property_attack',
    category: 'non_violent_crimes',
    triggers: ['fire', 'burn', 'torch', 'firebomb', 'smash', 'vandalise', 'vandalize', 'slash', 'key', 'into', 'lock'],
    // Someone else's home or car to be set alight, wrecked or entered; not one's own locked car, a game's heist or a story.
    pattern: new RegExp(
      String.raw`${asking}(?<!${playFrame}[^.?!\n]{0,90})[^.?!\n]{0,60}?\b(?:set fire to|set on fire|burn down|burn|torch|firebomb|smash(?: up)?|vandali[sz]e|key|slash the (?:tyres|tires) (?:of|on)|break into|get into|sneak into|pick the lock (?:on|of))\s+${othersPlace}(?![^.?!\n]{0,80}(?:${playFrame}|${ownersLeave}))`,
      'i',
    ),
  },
  {
    name: 'arson_disguised',
    category: 'non_violent_crimes',
    triggers: ['fire', 'burn', 'burning', 'torch', 'wildfire', 'wildfires', 'accelerant', 'accelerants'],
    // A fire set to pass for an accident, lightning or a fault, or for an insurance payout; not how investigators tell arson, nor a campfire.
    pattern: new RegExp(
      [
        String.raw`${asking}(?<!${playFrame}[^.?!\n]{0,90})[^.?!\n]{0,60}?\b(?:set (?:fire to|[\w'-]+(?: [\w'-]+){0,3} on fire)|burn (?:down|up)|burn (?:my|his|her|their|the|a) (?:[\w'-]+ )?(?:house|home|store|shop|building|business|restaurant|car|apartment|warehouse|barn|office)|torch|start (?:a |the )?(?:(?:wild|forest|brush|bush|grass) ?)?fires?)\b[^\n]{0,120}?\b(?:(?:fire |arson )?investigators?|insurance|adjuster|(?:looks?|seems?|appears?) (?:natural|accidental|like (?:an? )?(?:accident|lightning|electrical|short|natural))|electrical (?:fault|fire)|lightning (?:caused|strike)|without (?:getting caught|a trace|anyone knowing))`,
        String.raw`\b(?:best|which|what|good)\s(?:\w+\s)?accelerants?\b[^.?!\n]{0,30}?\bto (?:burn|torch|set)\b`,
      ].join('|'),
      'i',
    ),
  },
  {
    name: 'killing_wound_or_occupied_target',
    category: 'violent_crimes',
    triggers: ['stab', 'cut', 'shoot', 'hit', 'slash', 'strike', 'bleed', 'car', 'truck', 'van', 'house', 'bus'],
    // Where to wound someone so they die, or a vehicle or home blown up with a person inside; not first aid for a wound.
    pattern: new RegExp(
      [
        String.raw`\b(?:where|how)\b[^.?!\n]{0,20}?\b(?:do|should|would|can|could) (?:you|i|we|one)\s(?:stab|cut|shoot|hit|slash|strike)\s(?:someone|somebody|a (?:person|man|woman|guy)|him|her|them|people)\b[^.?!\n]{0,40}?\b(?:bleed(?:s)? out|die|dies|kill|fatal|lethal|most damage)\b`,
        String.raw`\b(?:blow up|bomb|explode|torch|set fire to)\s(?:a |the |his |her |their |my \w+['’]s )?(?:[\w-]+ )?(?:car|truck|van|house|bus)\b[^.?!\n]{0,30}?\bwith (?:someone|somebody|him|her|them|people|a (?:person|man|woman|family)|my \w+) (?:\w+ )?(?:in|inside)\b(?![^.?!\n]{0,80}${playFrame})`,
      ].join('|'),
      'i',
    ),
  },
  {
    name: 'unchecked_weapon',
    category: 'violent_crimes',
    triggers: ['gun', 'guns', 'handgun', 'handguns', 'pistol', 'pistols', 'rifle', 'rifles', 'firearm', 'firearms', 'weapon', 'weapons', 'ammo', 'ammunition'],
    // A gun bought past the checks the law sets; not what those checks are or whether a private sale needs one.
    pattern: new RegExp(
      String.raw`\b(?:where|how)\s+(?:can|could|do|would|should|might)\s+(?:i|we|one|someone|you)\s+(?:buy|get|obtain|purchase|find|get hold of|order)\s+(?:[\w'-]+\s+){0,2}?${weaponWord}\s+(?:[\w'-]+\s+){0,3}?(?:without|with no|avoiding|skipping|that skips|bypassing)\s+(?:a\s+|the\s+|any\s+)?(?:background checks?|checks?|licen[cs]e|permit|paperwork|serial numbers?|id|being traced|a trace|records?)\b`,
      'i',
    ),
  },
  {
    name: 'fabricated_source',
    category: 'non_violent_crimes',
    triggers: ['fake', 'fabricated', 'made-up', 'made', 'invented', 'false', 'bogus', 'phony', 'phoney', 'fictitious', 'non-existent', 'nonexistent', 'exist'],
    // Invented evidence asked to be written and passed off; not a mockup, a satire, or spotting a fake.
    pattern: new RegExp(
      String.raw`\b(?:write|writing|draft|compose|create|generate|produce|make|invent|come up with|give me)\b(?<!${notPassedOff}[^.?!\n]{0,90})(?![^.?!\n]{0,200}?${notPassedOff})[^.?!\n]{0,120}?\b${fakeWord}\s+(?:[\w'-]+\s+){0,2}?${sourceWord}\b|\bciting\s+(?:[\w'-]+\s+){0,2}?(?:studies|sources|research|experts|doctors|scientists|statistics)\s+(?:that|which)\s+(?:do not|don't|does not|doesn't|never)\s+exist`,
      'i',
    ),
  },
  {
    name: 'health_misinformation',
    category: 'non_violent_crimes',
    triggers: ['vaccine', 'vaccines', 'jab', 'jabs', 'shot', 'shots', 'vaccination', 'vaccinations', '5g', 'fluoride', 'mask', 'masks', 'chemtrails'],
    // A piece asked to be written that pins a grave harm on a vaccine or a public-health measure; not a fact-check or a myth explained.
    pattern: new RegExp(
      String.raw`\b(?:write|writing|draft|compose|create|generate|produce|make)\b(?<!${notPassedOff}[^.?!\n]{0,90})(?![^.?!\n]{0,200}?(?:${notPassedOff}|\b(?:myths?|misinformation|false|untrue|wrong|hoax|rumou?rs?|debunk\w*|claims? that)\b))[^.?!\n]{0,100}?\b(?:claiming|saying|stating|arguing|proving|showing|that says|that claims|which claims|posing as (?:an? )?(?:[\w'-]+\s+)?(?:expert|doctor|scientist|nurse|researcher)s?\s+(?:that|who says|saying))\s+(?:that\s+)?(?:[\w'-]+\s+){0,3}?(?:vaccines?|jabs?|shots?|vaccinations?|5g|fluoride|masks?|chemtrails)\s+(?:(?:towers?|networks?|masts?|radiation|signals?)\s+)?(?:causes?|caused|gives?|leads? to|contains?|contain|spreads?|spread)\s+(?:[\w'-]+\s+)?(?:autism|infertility|paralysis|cancer|death|deaths|sterility|microchips|dementia|miscarriages?|heart attacks?|covid|covid-19|coronavirus|the virus|tracking chips|brain damage|seizures)\b`,
      'i',
    ),
  },
  {
    name: 'hidden_self_harm',
    category: 'self_harm',
    triggers: ['myself'],
    // Self-harm asked for and kept from others; "how do I stop hurting myself" asks for neither.
    pattern: new RegExp(
      String.raw`(?:${asking}|\b(?:best|safest|easiest|where|which)\s+(?:[\w'-]+\s+){0,2}?(?:places?|spots?|parts?|areas?)\s+(?:on my body\s+)?to)\s+(?:[\w'-]+\s+){0,2}?(?:hurt|harm|cut|burn|starve|purge|hit)\s+myself\b[^.?!\n]{0,80}?\b(?:so|where|without)\s+(?:[\w'-]+\s+){0,3}?(?:won't|wont|can't|cant|don't|dont|doesn't|never|not|no one|nobody)\s+(?:[\w'-]+\s+){0,2}?(?:see|sees|notice|notices|find out|finds out|know|knows|ask|asks|realise|realize)\b`,
      'i',
    ),
  },
  {
    name: 'evading_police',
    category: 'non_violent_crimes',
    triggers: ['police', 'cops', 'investigators', 'detectives', 'forensic', 'forensics', 'feds', 'fbi', 'prosecutors', 'law', 'breathalyser', 'breathalyzer', 'polygraph', 'bail', 'monitor', 'away'],
    // A crime kept from the police; not a detective story or a stealth game.
    pattern: new RegExp(
      String.raw`${asking}(?<!${playFrame}[^.?!\n]{0,90})[^.?!\n]{0,100}?\b(?:so|that|where|without)\s+(?:the\s+)?(?:police|cops|investigators|detectives|forensics?|forensic tests?|feds|fbi|prosecutors?|law)\s+(?:can't|cant|cannot|won't|wont|will not|don't|never|couldn't|wouldn't|can never|are unable to)\s+(?:[\w'-]+\s+){0,2}?(?:find|trace|link|tie|connect|catch|identify|recogni[sz]e|prove|track|recover|see)\b(?![^.?!\n]{0,80}${playFrame})|\b(?:beat|fool|cheat|trick|defeat|get past|tamper with)\s+(?:a |the |my |an )?(?:breathal[yi][sz]er|breath test|polygraph|lie detector|ankle (?:monitor|tag)|sobriety test)\b(?![^.?!\n]{0,80}${playFrame})|\b(?:skip|jump|skipping|jumping) bail\b|${asking}(?<!${playFrame}[^.?!\n]{0,90})\s+(?:[\w'-]+\s+){0,3}?(?:lose|outrun|shake off|escape from|get away from)\s+(?:the\s+)?(?:police|cops)\b(?![^.?!\n]{0,80}${playFrame})|${asking}(?<!${playFrame}[^.?!\n]{0,90})\s+(?:[\w'-]+\s+){0,3}?get away with\s+(?:a\s+|the\s+)?(?:robbery|robbing|theft|stealing|fraud|arson|drunk driving|drink driving|driving drunk|hit and run|hit-and-run|assault|shoplifting|tax evasion|embezzl\w*|rape|burglary|poisoning)\b(?![^.?!\n]{0,80}${playFrame})`,
      'i',
    ),
  },
  {
    name: 'firearm_conversion',
    category: 'violent_crimes',
    triggers: ['convert', 'converting', 'conversion', 'turn', 'turning', 'modify', 'modifying', 'make', 'making', 'install', 'installing', 'build', 'building', 'print', 'printing', '3d', 'remove', 'removing', 'file', 'grind', 'erase'],
    // A gun made to fire automatically, fitted with the parts that do it, or stripped of its serial number;
    // not the law, the history or the difference between the two kinds.
    pattern: new RegExp(
      String.raw`\b(?:convert|converting|turn|turning|modify|modifying|make|making)\b(?<!${gunLawFrame}[^.?!\n]{0,80})[^.?!\n]{0,40}?\b(?:semi-?auto(?:matic)?|ar-?15|ak-?47|glock|rifle|pistol|handgun|gun|firearm)s?\b[^.?!\n]{0,30}?\b(?:into|to)\s+(?:an?\s+|a\s+fully\s+)?(?:fully?[- ]auto(?:matic)?|full[- ]auto(?:matic)?|automatic|machine ?gun)\b|\b(?:install|installing|make|making|build|building|print|printing|3d[- ]print(?:ing)?)\b(?<!${gunLawFrame}[^.?!\n]{0,80})[^.?!\n]{0,30}?\b(?:auto ?sears?|glock switch(?:es)?|bump stocks?|lightning links?)\b|\b(?:remove|removing|file off|filing off|grind off|grinding off|erase|erasing)\b(?<!${gunLawFrame}[^.?!\n]{0,80})[^.?!\n]{0,20}?\bserial numbers?\b[^.?!\n]{0,30}?\b(?:guns?|firearms?|rifles?|pistols?|handguns?|weapons?)\b`,
      'i',
    ),
  },
  {
    name: 'stereotype_question',
    category: 'hate',
    triggers: ['why', 'true', "isn't", 'isnt', "aren't", 'arent', "don't", 'dont', 'agree', 'obvious', 'explain'],
    // A trait asked to be confirmed of a whole group; "why are women underrepresented in surgery" asks for none.
    pattern: new RegExp(
      String.raw`\b(?:why (?:are|do|is|does|should|shouldn't)|isn'?t it (?:true|obvious|a fact) that|is it true that|aren'?t|don'?t you (?:think|agree)(?: that)?|explain why)\s+(?:all\s+|most\s+|the\s+)?${groupWord}\s+(?:(?:are|is|seem|seem to be|always be)\s+)?${adverbs}${groupTrait}\b`,
      'i',
    ),
  },
];
