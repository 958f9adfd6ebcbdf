import type { ContentRule } from './content-rules.ts';
import { playFrame } from './intent-rules.ts';

/**
 * Phrase rules for harmful requests whose topic gives them away where no making verb or listed agent does:
 * sexual content with a child, coaching an eating disorder, a dangerous "challenge" for others to try, a false
 * voting day, an accusation its writer says is untrue, patients talked out of their treatment, ransomware
 * and mail posing as a bank, a drink spiked to knock someone out, a child taken unnoticed, a private
 * person's home and routine looked up, cruel or threatening messages to be written, an essay against a
 * group, an attacker's manifesto, a vehicle driven into a crowd, money for armed groups, a virus made to
 * spread between people, a gun made automatic, a poison that no test finds, a hidden camera where people
 * undress and nude images made of someone. Each decides alone (see content-rules.ts); each is written
 * around its look-alikes: a parent's or a teacher's question, recovery and support, news and history,
 * research on how these harms work, finding a hidden camera, a story's plot.
 */

/** A request to produce or do something, as a user types it. */
const produce = String.raw`(?:write|draft|compose|create|generate|make|give me|craft|design|produce|come up with|invent|script|post|roleplay|role-play|pretend|act as|describe|tell me|show me|send|help me (?:write|make|create))`;
/** A child or a young teenager: "a 12-year-old", "minors", "a little girl". */
const minor = String.raw`(?:(?:little |young |underage )?(?:child(?:ren)?|kids?|minors?|toddlers?|preteens?|pre-teens?|schoolgirls?|schoolboys?|little (?:girls?|boys?))|underage (?:girls?|boys?|teens?)|(?:[1-9]|1[0-7])[- ]?(?:yo|y\/o|years?[- ]old)|middle[- ]schoolers?)`;
const sexualWord = String.raw`(?:sexual(?:ly)?|sexy|steamy|seduc\w*|erotic|explicit|nude|naked|undress(?:ed|ing)?|lewd|sext(?:ing)?|sex (?:chat|story|scene)|seductive|arous\w*|orgasm\w*|porn\w*|intimate(?:ly)?)`;
/** Why a parent, a teacher or a doctor names a child and sex in one sentence. */
const childSafetyFrame = String.raw`\b(?:educat\w*|talk(?:ing)? to|explain\w* (?:to|puberty)|puberty|health|protect\w*|report\w*|prevent\w*|signs? of|groom\w*|consent|parents?|pediatric\w*|paediatric\w*|doctor|law|legal|age of consent|abuse(?:d)? (?:prevention|survivors?)|therap\w*|warning)\b`;
/** Why someone names an eating disorder without asking to be coached in it. */
const recoveryFrame = String.raw`\b(?:what (?:is|are)|why|dangers?|dangerous|recover\w*|report\w*|help(?:ing)? (?:a|my)|support\w*|friend|daughter|son|signs?|awareness|treatment|therap\w*|doctor)\b`;
/** Why someone asks about purging without wanting to hide it: a friend, recovery, a doctor. */
const purgeHelpFrame = String.raw`\b(?:recover\w*|help(?:ing)? (?:a|my)|support\w*|friend|daughter|son|signs?|treatment|therap\w*|doctor|dentist)\b`;

/** Why someone names a challenge without daring others to do it: a warning, a parent's worry. */
const warningFrame = String.raw`\b(?:what (?:is|are)|why|dangers?|warn\w*|protect\w*|prevent\w*|awareness|parents?|talk to (?:my|our) (?:kids?|children|teens?)|report\w*)\b`;
/** A request for a way: "how do I", "what's the best way to", "walk me through". */
const askingFor = String.raw`\b(?:how (?:do|can|could|would|should) (?:i|we)|how to|what(?:'s| is) the (?:best|easiest|cheapest|fastest|safest|quietest) way to|best way to|tips? (?:to|for|on)|give me (?:tips|ideas|a plan|steps)|help me|walk me through|explain how|tell me how|what (?:should|can|do) i|where (?:can|should|do) i|which [\w-]+ (?:would|should|can))\b`;
/** Acts that hurt, take or deceive, which a wish to go unnoticed turns into a plan. */
const harmAct = String.raw`\b(?:kill\w*(?! time)|poison\w*|hurt\w*|hit|beat\w*|spank\w*|stab\w*|strangl\w*|choke|steal\w*|grab\w*|snatch\w*|film\w*|record\w*|track\w*|follow\w*|spy\w*|stalk\w*|drug\w*|sedat\w*|bury|burying|dispos\w*|get rid of|launder\w*|smuggl\w*|cash (?:it|them) out|hack\w*|break into|burn\w*|set fire|cut(?:ting)?|starv\w*|purg\w*|vomit\w*|throw(?:ing)? up|overdos\w*|forg(?:e|ing)|fake|counterfeit\w*|bribe|blackmail\w*|extort\w*|sell\w* (?:drugs|pills|coke|meth|weed|guns)|skim\w*|embezzl\w*|abus\w*|torture\w*|disappear)\b`;
/** Going unnoticed by the people or the bodies that would stop it. */
const unnoticed = String.raw`(?:without (?:ever )?(?:getting|being) (?:caught|detected|noticed|traced|flagged|seen|found|discovered|suspected|tracked|reported)|without (?:anyone|anybody|the police|the cops|police|the (?:bank|pharmacy|irs|authorities|tax office|insurance|coroner|neighbou?rs)|her|him|them) (?:noticing|knowing|finding out|asking questions|catching on|suspecting|realizing|realising)|without (?:it|this|the money|them) being (?:traced|tracked|linked|connected) (?:back )?to me|so (?:that )?(?:nobody|no one|the police|the cops|she|he|they) (?:finds? out|will (?:ever )?(?:know|find out|notice|find it)|won'?t (?:ever )?(?:know|find (?:out|it)|notice|suspect)|can'?t (?:prove|trace|tell))|without leaving (?:a |any )?(?:trace|traces|marks|evidence|fingerprints|a mark)|(?:evade|avoid|bypass|get around|beat|dodge)\s(?:the\s)?(?:police|cops|purchase limits|background checks?|kyc|aml checks?|customs|border (?:control|patrol)|the irs))`;
/** Secrets nobody is harmed by, and a victim's own escape: a surprise, a gift, leaving an abuser. */
const harmlessSecret = String.raw`\b(?:surprise|gift|present|party|proposal|propose|birthday|christmas|anniversary|abusive|abuser|escape|shelter|restraining order|domestic violence|safety plan|stalker|protect (?:myself|my kids))\b`;
const drinkOwner = String.raw`(?!my\b|our\b)(?:[\w'-]+\s){0,3}?drinks?`;

export const harmTopicRules: readonly ContentRule[] = [
  {
    name: 'harm_kept_unnoticed',
    category: 'non_violent_crimes',
    triggers: ['without', 'so', 'evade', 'avoid', 'bypass', 'dodge', 'beat', 'around'],
    // A way asked to hurt, take or deceive without anyone finding out; not a surprise, nor escaping an abuser.
    pattern: new RegExp(
      String.raw`${askingFor}(?<!${playFrame}[^.?!\n]{0,90})(?![^.?!\n]{0,200}(?:${harmlessSecret}|${playFrame}))[^.?!\n]{0,100}?${harmAct}[^.?!\n]{0,100}?\b${unnoticed}\b(?![^.?!\n]{0,80}${playFrame})`,
      'i',
    ),
  },
  {
    name: 'minor_sexual',
    category: 'child_sexual_exploitation',
    triggers: ['child', 'children', 'kid', 'kids', 'minor', 'minors', 'toddler', 'preteen', 'preteens', 'pre', 'schoolgirl', 'schoolboy', 'underage', 'year', 'years', 'yo', 'middle', 'little'],
    // A sexual description, story or chat with a child asked for; not a parent's, teacher's or doctor's question.
    pattern: new RegExp(
      String.raw`\b${produce}\b(?![^.?!\n]{0,120}${childSafetyFrame})[^.?!\n]{0,80}?(?:\b${sexualWord}\b[^.?!\n]{0,60}?\b${minor}\b|\b${minor}\b[^.?!\n]{0,60}?\b${sexualWord}\b)(?![^.?!\n]{0,80}${childSafetyFrame})`,
      'i',
    ),
  },
  {
    name: 'eating_disorder_coaching',
    category: 'self_harm',
    triggers: ['ana', 'mia', 'thinspo', 'thinspiration', 'meanspo', 'bonespo', 'calories', 'calorie', 'kcal', 'purge', 'purging', 'pounds', 'lbs', 'kg'],
    // Pro-ana content, a starvation diet or purging asked for; not what pro-ana is, recovery or helping a friend.
    pattern: new RegExp(
      String.raw`\b(?=pro-?(?:ana|mia)|thinspo|thinspiration|meanspo|bonespo)(?<!${recoveryFrame}[^.?!\n]{0,60})(?:pro-?(?:ana|mia)|thinspo|thinspiration|meanspo|bonespo)\b(?![^.?!\n]{0,60}${recoveryFrame})|\b(?:under|below|only|at most|max(?:imum)?|no more than)\s(?:\d{2}|[1-5]\d{2})\s?(?:k?cal|calories)\b[^.?!\n]{0,60}\b(?:a|per)\sday\b(?<!${recoveryFrame}[^.?!\n]{0,120})|\b\d{2,3}\s?(?:k?cal|calories)\s(?:a|per)\sday\b[^.?!\n]{0,60}\b(?:lose|drop|get down to|underweight|before (?:prom|summer|the wedding))\b|\bpurg(?:e|ing)\b[^.?!\n]{0,40}\b(?:after (?:meals|eating|dinner)|without (?:anyone|my parents|them)|so (?:nobody|no one)|teeth)\b(?<!${purgeHelpFrame}[^.?!\n]{0,80})|\bget down to \d{2,3}\s?(?:pounds|lbs|kg)\b[^.?!\n]{0,60}\b(?:calories|without|noticing|eat)`,
      'i',
    ),
  },
  {
    name: 'dangerous_challenge',
    category: 'self_harm',
    triggers: ['challenge', 'challenges', 'dare', 'daring', 'dares', 'tiktok', 'viral', 'trend'],
    // A challenge that hurts whoever takes it up, to be written or spread; not what it is or how to warn children.
    pattern: new RegExp(
      String.raw`\b(?:${produce}|encourag\w*|dar(?:e|ing)|convinc\w*|get (?:kids|teens|people))\b(?![^.?!\n]{0,120}${warningFrame})[^.?!\n]{0,100}?\b(?:challenge|dare|viral|trend|tiktok)\b[^.?!\n]{0,100}?\b(?:blackout|chok\w*|pass(?:es)? out|strangl\w*|(?:tide|laundry) pods?|benadryl|deodorant|frostbite|skull ?breaker|set (?:themselves|yourself|himself|herself) on fire|(?:eat|swallow|snort)\w* (?:a |some )?(?:cinnamon|nutmeg|magnets|batteries)|rubbing alcohol|light (?:it|yourself|themselves))|\b(?:${produce}|encourag\w*|dar(?:e|ing))\b(?![^.?!\n]{0,120}${warningFrame})[^.?!\n]{0,60}?\b(?:bite into|eat|swallow|take \d+|snort)\s(?:[\w-]+\s){0,2}?(?:tide pods?|laundry pods?|benadryl|pills)\b[^.?!\n]{0,60}\b(?:on camera|film|video|tiktok|trip)`,
      'i',
    ),
  },
  {
    name: 'false_voting_day',
    category: 'elections',
    triggers: ['vote', 'votes', 'voting', 'voters', 'election', 'elections', 'ballot', 'ballots', 'polls', 'polling'],
    // A message telling voters a false day, place or way to vote, or that ballots are destroyed, to be written.
    pattern: new RegExp(
      String.raw`\b(?:write|draft|compose|create|generate|make|craft|design|send|post|give me)\b[^.?!\n]{0,100}?\b(?:vote|votes|voting|voters|election|ballots?|polls?|polling)\b[^.?!\n]{0,100}?\b(?:(?:moved|changed|postponed|rescheduled|delayed|pushed back)\s(?:to|until|by|a week)|on (?:wednesday|thursday|friday|the (?:next|following) day)|instead of (?:tuesday|election day|sunday)|(?:has|have) been (?:cancell?ed|postponed|moved)|by (?:text|sms|phone)|(?:are|were) being (?:burned|burnt|destroyed|thrown away|shredded|dumped))|\bfake (?:personas?|accounts?|profiles?|voters?)\b[^.?!\n]{0,100}?\b(?:ballots?|votes?|election|voting)\b`,
      'i',
    ),
  },
  {
    name: 'knowingly_false_accusation',
    category: 'defamation',
    triggers: ['accuse', 'accusing', 'accused', 'accusation', 'story', 'rumor', 'rumour', 'scandal', 'news', 'tweet', 'post', 'article', 'accusations', 'allegation', 'allegations', 'report', 'false'],
    // An accusation or a scandal its writer says is invented, asked for about a person.
    pattern: new RegExp(
      String.raw`\b(?:make up|invent|fabricate|fake|made-up|false)\b[^.?!\n]{0,40}?\b(?:story|news|article|rumou?r|report|tweet|post|scandal|allegations?)\b[^.?!\n]{0,80}?\b(?:caught|arrested|charged|guilty|accused|smuggl\w*|steal\w*|cheat\w*|brib\w*|abus\w*|assault\w*|affair|fraud|embezzl\w*|molest\w*|rap(?:e|ed|ing))\b|\baccus\w*\b[^\n]{0,160}?\b(?:(?:isn'?t|is not|wasn'?t|was not|it'?s not|not) (?:true|real)|untrue|no (?:proof|evidence)|i want (?:him|her|them) (?:ruined|fired|destroyed)|i (?:just )?(?:don'?t|do not) like (?:him|her|them)|to get back at (?:him|her|them)|ruin (?:his|her|their) (?:life|career|reputation))\b`,
      'i',
    ),
  },
  {
    name: 'stop_treatment',
    category: 'specialized_advice',
    triggers: ['chemo', 'chemotherapy', 'insulin', 'medication', 'medications', 'treatment', 'vaccine', 'vaccines', 'antibiotics', 'dialysis', 'antiretrovirals'],
    // Patients to be talked out of their treatment; not how to encourage someone to keep taking it.
    pattern: new RegExp(
      String.raw`\b(?:convinc\w*|persuad\w*|encourag\w*|tell\w*|urg\w*|telling)\b[^.?!\n]{0,60}?\b(?:patients?|diabetics|people|parents|readers|followers|mothers|cancer patients)\b[^.?!\n]{0,40}?\b(?:to\s)?(?:stop|quit|skip|refuse|avoid|ditch|give up|abandon)\w*\s(?:their\s|taking\s|getting\s|all\s){0,2}(?:chemo\w*|insulin|medications?|medicines?|treatment|vaccin\w*|antibiotics|antiretrovirals|dialysis)\b`,
      'i',
    ),
  },
  {
    name: 'ransomware_or_bank_phish',
    category: 'non_violent_crimes',
    triggers: ['ransomware', 'pretending', 'posing', 'impersonating', 'appears', 'looks', 'ransom', 'encrypts', 'encrypt', 'bitcoin'],
    // Ransomware asked to be written; mail made to pass as a bank's or a service's; not an article about them.
    pattern: new RegExp(
      String.raw`\b(?:write|code|create|build|develop|make|give me)\b[^.?!\n]{0,30}?\bransomware\s(?:script|program|code|payload|binary|that|which|to|in)\b|\b(?:write|code|create|build|develop|make|give me)\b[^.?!\n]{0,30}?\b(?:script|program|code|payload)\b[^.?!\n]{0,40}\b(?:ransomware|encrypts? (?:every|all)(?: the)? files?[^.?!\n]{0,60}\b(?:ransom|bitcoin|pay))\b|\b(?:write|draft|compose|create|make)\b[^.?!\n]{0,40}?\b(?:e-?mails?|texts?|sms|messages?|letters?|pages?)\b[^.?!\n]{0,40}?\b(?:pretending to be|posing as|impersonating|(?:that )?(?:appears?|looks?) (?:to (?:be|come) |like it(?:'s| is| comes) )?from)\s(?:from\s)?(?:the\s|a\s|my\s|their\s)?(?:bank|paypal|irs|hmrc|microsoft|apple|amazon|netflix|dhl|fedex|ups|chase|wells fargo|bank of america|hsbc|barclays|government|tax office|it department|police|their bank|[\w-]+ bank)\b`,
      'i',
    ),
  },
  {
    name: 'spiked_drink',
    category: 'violent_crimes',
    triggers: ['drink', 'drinks'],
    // Something slipped into another person's drink to knock them out; not "what if someone spiked my drink".
    pattern: new RegExp(
      String.raw`\b(?:how (?:do|can|could|would|should) i|how to|best way to|i want to|i'?m going to|help me)\b[^.?!\n]{0,20}?\b(?:slip|put|drop|spike|sneak|add|mix)\w*\s(?:something|anything|stuff|a pill|pills|drugs?|a roofie|roofies|[\w-]+)\s(?:in|into)\s${drinkOwner}\b[^.?!\n]{0,60}\b(?:pass(?:es)? out|blacks? out|won'?t remember|wont remember|falls? asleep|unconscious|knock(?:ed)? out|can'?t (?:resist|fight))`,
      'i',
    ),
  },
  {
    name: 'overdose_to_die',
    category: 'self_harm',
    triggers: ['pills', 'tablets', 'dose', 'much', 'many', 'overdose'],
    // An amount of medicine asked for to die in one's sleep.
    pattern: /\b(?:how (?:much|many)|what (?:dose|amount))\b[^.?!\n]{0,80}\b(?:to make sure i (?:don'?t|do not|won'?t|never) wake up|so (?:that )?i (?:don'?t|won'?t|never) wake up|to (?:end it all|end my life|not wake up|never wake up|die in my sleep))\b/i,
  },
  {
    name: 'illegal_weapon_purchase',
    category: 'violent_crimes',
    triggers: ['rifles', 'rifle', 'guns', 'gun', 'weapons', 'weapon', 'firearms', 'firearm', 'pistols', 'pistol', 'explosives', 'grenades'],
    // Weapons bought where the law cannot see; not whether such markets exist.
    pattern:
      /\b(?:where|how)\s(?:can|could|do|would|should|might)\s(?:i|we|one)\b[^.?!\n]{0,40}\b(?:buy|get|order|purchase)\b[^.?!\n]{0,40}\b(?:military-grade|fully automatic|unregistered|untraceable|illegal|stolen|ghost)\s(?:rifles?|guns?|weapons?|firearms?|pistols?)\b|\bdark ?web\b[^.?!\n]{0,60}\b(?:buy|get|order|purchase)\b[^.?!\n]{0,30}\b(?:guns?|rifles?|weapons?|firearms?|explosives?|grenades?)\b|\b(?:buy|get|order|purchase)\b[^.?!\n]{0,30}\b(?:guns?|rifles?|weapons?|firearms?|explosives?|grenades?)\b[^.?!\n]{0,40}\bdark ?web\b/i,
  },
  {
    name: 'trafficking_lure',
    category: 'sex_related_crimes',
    triggers: ['lure', 'luring', 'recruit', 'recruiting', 'trick', 'entice'],
    // An advert or a message written to draw people into trafficking; not how to recognise one.
    pattern: new RegExp(
      String.raw`\b(?:write|draft|create|design|compose|make)\b[^.?!\n]{0,60}\b(?:lure|recruit|trick|entice)\w*\b[^.?!\n]{0,60}\b(?:runaways?|teen(?:ager)?s?|girls|women|migrants|children|kids|minors|young people)\b[^.?!\n]{0,60}\b(?:traffick\w*|prostitut\w*|sex work|brothel|exploit\w*)`,
      'i',
    ),
  },
  {
    name: 'child_taken_unnoticed',
    category: 'violent_crimes',
    triggers: ['child', 'kid', 'toddler', 'baby', 'girl', 'boy', 'minor'],
    pattern: new RegExp(
      String.raw`\b(?:grab|snatch|take|abduct|kidnap|lure|steal)\w*\s(?:a\s|an\s|the\s|some\s|that\s)?(?:child|kid|toddler|baby|little (?:girl|boy)|minor)\b[^.?!\n]{0,80}\b(?:without (?:anyone|anybody|the parents?|being) (?:noticing|seeing|knowing|seen)|unnoticed|undetected|into (?:my|a) (?:car|van))(?![^.?!\n]{0,80}${playFrame})`,
      'i',
    ),
  },
  {
    name: 'private_person_located',
    category: 'privacy',
    triggers: ['address', 'schedule', 'routine', 'lives', 'live', 'name', 'identity'],
    // A private person's home and routine looked up by their job or a first name; not a business's address.
    pattern: new RegExp(
      String.raw`\b(?:find|get|give me|look up|track down|dig up|tell me)\b[^.?!\n]{0,30}\b(?:home address|where (?:she|he|they) lives?|daily (?:schedule|routine)|what time (?:she|he|they) (?:leaves?|gets? home))\b[^.?!\n]{0,80}\b(?:of|for)\s(?:the|a|my|this|that)\s(?:[\w-]+\s){0,2}?(?:barista|waitress|waiter|cashier|girl|woman|guy|man|stranger|neighbou?r|coworker|co-worker|ex|streamer|nurse|teacher|student|bartender|receptionist|cheerleader)\b|\b(?:find|figure out|work out|get|track down|dig up|uncover|learn|pin down)\w*\b[^.?!\n]{0,40}?\b(?:real (?:name|identity)|home address|where (?:she|he|they) (?:lives?|live))\b[^.?!\n]{0,60}?\b(?:from|using|based on|by (?:looking at|studying))\s(?:the |little |small |tiny |some |her |his |their )?(?:\w+ )?(?:details|clues|photos|pictures|videos|posts|streams|background|reflections?|windows?|metadata|selfies?)\b|\b(?:find|figure out|work out|get|track down|dig up|uncover)\w*\b[^.?!\n]{0,20}?\b(?:a|the|this|that|some)\s(?:[\w-]+\s)?(?:streamer|youtuber|tiktoker|influencer|girl|woman|camgirl|redditor|gamer|cosplayer|vtuber)['’]s (?:real (?:name|identity)|home address|address)\b`,
      'i',
    ),
  },
  {
    name: 'cruel_or_threatening_messages',
    category: 'harassment',
    triggers: ['messages', 'message', 'texts', 'text', 'comments', 'posts', 'notes', 'note', 'letter', 'email', 'voicemail'],
    // Messages written to hurt or frighten someone; not examples to teach about bullying, nor replying to one.
    pattern: new RegExp(
      String.raw`\b(?:write|compose|draft|give me|create|come up with)\b(?![^.?!\n]{0,120}\b(?:teach\w*|recogni[sz]\w*|spot\w*|examples? of|respond\w* to|report\w*|cope|protect\w*|awareness|lesson|class|training)\b)[^.?!\n]{0,40}?\b(?:cruel|mean|nasty|hurtful|threatening|humiliating|degrading|abusive|intimidating|scary|menacing|insulting|vile|hateful)\s(?:[\w-]+\s)?(?:messages?|texts?|comments?|posts?|notes?|letters?|e-?mails?|voicemails?)\b[^.?!\n]{0,80}\b(?:to|about|for|at)\s(?:my|his|her|their|the|a|this|that)\b(?![^.?!\n]{0,80}${playFrame})`,
      'i',
    ),
  },
  {
    name: 'manifesto_or_vehicle_attack',
    category: 'violent_crimes',
    triggers: ['manifesto', 'truck', 'car', 'van', 'vehicle', 'lorry', 'money', 'militant', 'militia'],
    // An attacker's manifesto to be written, a vehicle driven into a crowd planned, money moved to armed groups.
    pattern: new RegExp(
      String.raw`\b(?:write|draft|compose|create|generate)\b[^.?!\n]{0,40}?\bmanifesto\b[^.?!\n]{0,80}\b(?:shoot\w*|take up arms|kill\w*|war against|race war|great replacement|white genocide|mass shooter)\b|\bin the style of a (?:mass )?(?:shooter|terrorist)\b|\b(?:driv\w*|ram\w*|plow\w*|plough\w*)\s(?:a\s)?(?:truck|car|van|vehicle|lorry)\sinto\s(?:a\s|the\s)?(?:crowd|people|pedestrians|protesters|market|parade|festival)\b[^.?!\n]{0,60}\b(?:kill (?:the )?most|most (?:people|casualties|deaths)|weak points?)\b|\b(?:weak points?|best (?:place|spot|time))\b[^.?!\n]{0,80}\b(?:driv\w*|ram\w*)\s(?:a\s)?(?:truck|car|van|vehicle)\sinto\b|\b(?:send|transfer|move|get|wire|funnel)\s(?:money|funds|cash|donations)\sto\s(?:an?\s)?(?:armed|militant|terrorist|extremist|jihadi\w*)\b`,
      'i',
    ),
  },
  {
    name: 'supremacist_essay',
    category: 'hate',
    triggers: ['essay', 'article', 'post', 'speech', 'argument', 'paper', 'blog', 'tweet', 'thread'],
    // A text arguing a group is lesser or must lose its rights; not one about why such claims are wrong.
    pattern: new RegExp(
      String.raw`\b(?:write|draft|compose|create|give me)\b[^.?!\n]{0,40}?\b(?:essay|article|post|speech|argument|paper|blog(?: post)?|op-ed|tweet|thread)\b[^.?!\n]{0,30}?\b(?:arguing|proving|explaining|showing|claiming|saying|that argues|about why|on why)\b(?![^.?!\n]{0,60}\b(?:wrong|false|myth|debunk\w*|racist|racism)\b)[^.?!\n]{0,80}?\b(?:genetically (?:inferior|less|more)|less intelligent|inferior|subhuman|should(?:n'?t| not) (?:be allowed to|have the right to) (?:vote|work|live|marry|own|immigrate)|must (?:leave|be deported|go back))\b`,
      'i',
    ),
  },
  {
    name: 'virus_made_to_spread',
    category: 'indiscriminate_weapons',
    triggers: ['mutation', 'mutations', 'h5n1', 'flu', 'influenza', 'virus', 'pathogen', 'ebola', 'smallpox', 'anthrax', 'gain'],
    // A pathogen made to spread between people, asked for as steps; not why scientists worry it may.
    pattern: new RegExp(
      String.raw`\b(?:mutations?|genetic changes?|gain[- ]of[- ]function|modify|engineer|enhance|alter)\b[^.?!\n]{0,80}\b(?:h5n1|bird flu|avian flu|influenza|virus|pathogen|ebola|smallpox|anthrax)\b[^.?!\n]{0,80}\b(?:spread (?:easily )?(?:between|among) (?:humans|people)|human-to-human|more (?:transmissible|contagious|lethal|deadly)|airborne)\b(?=[^.?!\n]{0,80}\b(?:how to|how do i|how can i|in (?:a|my|the) lab|step))`,
      'i',
    ),
  },
  {
    name: 'automatic_conversion_or_untraceable_poison',
    category: 'violent_crimes',
    triggers: ['convert', 'converting', 'conversion', 'poison', 'poisons', 'toxin', 'screen', 'autopsy'],
    pattern: new RegExp(
      String.raw`\b(?=convert)(?<!\b(?:legal|legally|illegal|law|laws|history|why)\b[^.?!\n]{0,60})convert\w*\b[^.?!\n]{0,40}\b(?:semi-?auto\w*|ar-?15|glock|rifle|pistol|gun)\b[^.?!\n]{0,60}\b(?:full(?:y)?[- ]auto\w*|automatic fire|fires? (?:fully )?automatic|burst fire)\b|\b(?:poison|toxin|drug|substance)s?\b[^.?!\n]{0,60}\b(?:won'?t|wouldn'?t|doesn'?t|does not|will not|can'?t|cannot)\s(?:show up|be detected|be found|appear)\b[^.?!\n]{0,40}\b(?:tox(?:icology)? screens?|autops(?:y|ies)|blood tests?)\b`,
      'i',
    ),
  },
  {
    name: 'voyeur_camera_or_fake_nude',
    category: 'sex_related_crimes',
    triggers: ['camera', 'cameras', 'nude', 'nudes', 'naked', 'undress', 'clothes', 'clothing', 'deepfake'],
    // A camera hidden where people undress, or nude images made of a real person; not finding such a camera.
    pattern: new RegExp(
      String.raw`\b(?=(?:hidden|secret|spy|covert|pinhole)\scamera)(?<!\b(?:find|detect|spot|check for|look for|sweep for|discover\w*|found)\b[^.?!\n]{0,40})(?:hidden|secret|spy|covert|pinhole)\scameras?\b[^.?!\n]{0,80}\b(?:shower|bathroom|changing room|bedroom|toilet|undress\w*|without (?:her|his|their|them) (?:knowing|noticing|consent))|\b(?:nude|naked|undressed|nsfw)\s(?:version|photos?|images?|pics?|pictures?)\sof\s(?:her|him|my|a|someone|the|this)\b|\b(?:remove|take off|erase)\s(?:the\s)?(?:clothes|clothing)\s(?:from|in|off)\s(?:a|the|her|his|this|my)\b|\b(?:deepfake|fake)\s(?:nudes?|naked|porn)\b`,
      'i',
    ),
  },
];
