/**
 * Word lists for reading a text as a request: what is being asked for (a way, steps, a guide, code), how
 * it would be done (a harmful method: poison, hack, launder, …), what with (a harmful object: explosives,
 * malware, a toxic gas, …), to whom, and whether it should stay hidden. None of them decides anything: the
 * content model learns how much each one, and each combination within a sentence, counts. Benign contexts
 * (protecting, preventing, history, fiction, a process, an image) are listed too, so that "how do I kill a
 * process" and "how do I protect my account from phishing" can be told from the harmful requests they look
 * like. Entries are lower-case whole words as the content signals split them; a trailing `*` matches any
 * word that starts with the stem.
 */
export const requestLexicon = {
  /** Asking for a way to do something ("how", "ways", "steps", "tips"). */
  ask: ['how', 'ways', 'way', 'steps', 'step-by-step', 'instructions', 'instruction', 'guide', 'guidance', 'tutorial', 'methods', 'method', 'techniques', 'technique', 'tips', 'strategies', 'strategy', 'tricks', 'recipe', 'blueprint', 'procedure', 'easiest', 'quickest', 'best', 'effective', 'plan'],
  /** Telling the reader to produce something ("write", "create", "explain"). */
  command: ['write', 'create', 'develop', 'design', 'provide', 'give', 'generate', 'outline', 'teach', 'explain', 'describe', 'show', 'tell', 'instruct', 'draft', 'produce', 'list', 'suggest', 'help', 'compose', 'code', 'program', 'script', 'snippet', 'bot', 'scraper', 'chatbot', 'macro', 'plugin', 'extension', 'app', 'compile', 'walk', 'assist', 'craft', 'crafting', 'build', 'publish', 'post', 'share', 'send', 'draw', 'perform', 'commit', 'engage', 'organize', 'organise'],
  /** The asker as the actor ("can I", "should we", "my"). */
  firstPerson: ['i', 'me', 'my', 'we', 'us', 'our', "i'm", 'im', "i've", 'ive', "i'll", "i'd", "we're", "we've", "we'll", 'myself', 'ourselves'],
  /** Doing harm: the method of a harmful request. */
  method: [
    'poison*', 'kill', 'killing', 'murder*', 'hurt', 'hurting', 'harm', 'harming', 'injur*', 'maim*', 'attack', 'attacking', 'stab', 'stabbing', 'shoot', 'shooting', 'strangl*', 'suffocat*', 'drown',
    'kidnap*', 'abduct*', 'tortur*', 'assault*', 'rape', 'raping', 'molest*', 'groom', 'grooming', 'traffic', 'trafficking', 'smuggl*', 'steal', 'stealing', 'stole', 'rob', 'robbing', 'shoplift*', 'burglar*',
    'hack', 'hacking', 'crack', 'cracking', 'breach', 'exploit', 'exploiting', 'infect', 'infecting', 'phish*', 'scam', 'scamming', 'defraud*', 'fraud*', 'launder*', 'counterfeit*', 'forge', 'forging', 'embezzl*',
    'evade', 'evading', 'bribe', 'bribing', 'blackmail*', 'extort*', 'stalk', 'stalking', 'harass*', 'bully', 'bullying', 'manipulat*', 'spy', 'spying', 'dox', 'doxx*', 'doxing', 'vandaliz*', 'vandalis*',
    'sabotag*', 'impersonat*', 'incit*', 'radicaliz*', 'radicalis*', 'terroriz*', 'terroris*', 'discriminat*', 'humiliat*', 'intimidat*', 'threaten*', 'overdos*', 'starve', 'starving', 'cheat', 'cheating',
    'synthesiz*', 'synthesis*', 'weaponiz*', 'weaponis*', 'detonat*', 'arson', 'torch', 'sell', 'selling', 'distribute', 'spread', 'spreading', 'promote', 'promoting', 'glorif*', 'exploitation', 'pirated', 'pirating', 'piracy',
    'abus*', 'neglect*', 'deceiv*', 'decepti*', 'trick', 'tricking', 'lure', 'luring', 'coerc*', 'brainwash*', 'indoctrinat*', 'recruit*', 'smear', 'defam*', 'mislead*', 'falsif*', 'fabricat*', 'plagiari*', 'troll', 'trolling',
    'insult', 'insulting', 'mock', 'mocking', 'ridicul*', 'shame', 'shaming', 'exclude', 'excluding', 'segregat*', 'oppress*', 'persecut*', 'sneak', 'smuggle', 'trespass*', 'eavesdrop*', 'wiretap*', 'track', 'tracking', 'hotwire*', 'pickpocket*', 'skim', 'skimming', 'snatch*', 'hijack*', 'spike', 'spiking', 'drugging', 'sedat*', 'bypass*', 'circumvent*', 'brute-forc*', 'dump', 'dumping', 'leak', 'leaking', 'unmask*', 'pressure', 'pressuring', 'sterilis*', 'steriliz*', 'deport*', 'ban', 'banned', 'expel*', 'derail*', 'ambush*', 'lace', 'lacing', 'contaminat*', 'sicken*', 'torment*', 'gaslight*', 'isolat*', 'undermin*', 'degrad*', 'fake', 'faking', 'forgery', 'forgeries', 'posing', 'pretend*', 'convinc*', 'persuad*', 'threat', 'threats', 'scare', 'theft', 'embarrass*', 'provok*', 'spam', 'spamming', 'bombard*', 'overwhelm*', 'surveil*', 'intercept*', 'cyberbully*', 'cyberattack*', 'infiltrat*', 'conceal*', 'disguis*', 'spies', 'incapacitat*', 'collud*', 'rig', 'rigging', 'poach*', 'swat', 'swatting'],
  /** Objects of harm: weapons, agents, drugs, malicious software, fraud instruments, hate and exploitation. */
  object: [
    'explosive*', 'bomb', 'bombs', 'ied', 'ieds', 'grenade*', 'detonator*', 'weapon*', 'gun', 'guns', 'handgun*', 'pistol*', 'firearm*', 'rifle*', 'shotgun*', 'knife', 'knives', 'machete*', 'acid', 'ammunition', 'ammo', 'silencer*', 'molotov', 'napalm', 'thermite',
    'poison', 'poisons', 'toxin*', 'toxic', 'nerve', 'sarin', 'ricin', 'anthrax', 'cyanide', 'arsenic', 'chlorine', 'pathogen*', 'bioweapon*', 'virus', 'viruses', 'lethal', 'deadly',
    'drug', 'drugs', 'meth', 'methamphetamine', 'cocaine', 'heroin', 'fentanyl', 'opioid*', 'narcotic*', 'lsd', 'mdma', 'crack',
    'malware', 'ransomware', 'trojan*', 'keylogger*', 'botnet*', 'spyware', 'rootkit*', 'worm', 'ddos', 'backdoor*', 'exploit', 'exploits', 'payload', 'phishing', 'credentials', 'passwords', 'password',
    'counterfeit', 'fake', 'forged', 'stolen', 'identity', 'ssn', 'scam', 'scams', 'ponzi', 'pyramid', 'insider', 'laundering', 'bribes', 'tax', 'taxes',
    'misinformation', 'disinformation', 'propaganda', 'conspiracy', 'hoax', 'extremist*', 'terrorism', 'terrorist*', 'genocide', 'suicide', 'self-harm', 'anorexia', 'bulimia', 'porn*', 'explicit', 'nude*', 'slur', 'slurs', 'racist', 'sexist', 'derogatory', 'hate', 'ransom', 'login', 'logins', 'pin', 'suppressor*', 'crossbow*', 'chloroform', 'ghb', 'ketamine', 'oxycodone', 'xanax', 'morphine', 'opium', 'dmt', 'psilocybin', 'pills', 'sedative*', 'antifreeze', 'deepfake*', 'rumor*', 'rumour*', 'lies', 'false', 'nudes', 'naked', 'upskirt*', 'signature', 'passport*', 'licence', 'license', 'diploma*', 'certificate*', 'prescription*', 'ballot*', 'vaccine*', 'accelerant*', 'gasoline', 'petrol', 'detonator', 'gas', 'fumes', 'vapour', 'vapor', 'bacteria', 'bacterium', 'spores', 'toxin', 'radioactive', 'uranium',
    'bullet', 'bullets', 'caliber', 'calibre', 'cartridge*', 'hollow-point*', 'sniper', 'bleach', 'ammonia', 'lethal', 'cannabis', 'marijuana', 'substances', 'adware', 'stalkerware', 'malicious', 'copyrighted', 'chargeback*', 'paywall*', 'paywalled'],
  /** Someone the harm is done to. */
  target: [
    'someone', "someone's", 'somebody', 'person', "person's", 'people', 'victim*', 'neighbor*', 'neighbour*', 'coworker*', 'colleague*', 'classmate*', 'ex', 'wife', 'husband', 'girlfriend', 'boyfriend', 'partner',
    'child', 'children', 'kid', 'kids', 'minor', 'minors', 'elderly', 'him', 'her', 'them', 'others', 'brother*', 'sister*', 'mother', 'father', 'mom', 'dad', 'roommate*', 'family', 'cousin*', 'uncle', 'aunt', 'stepfather', 'stepmother', 'landlord', 'dog', 'cat', 'pet', 'enemy', 'enemies', 'boss', 'teacher', 'stranger*', 'crowd', 'population', 'city', 'government', 'company', "company's", 'bank', 'users', 'pensioner*', 'retiree*', 'widow*', 'tenant*', 'patient*', 'investor*', 'employer', 'grandmother', 'grandfather', 'grandma', 'grandpa', 'teenager', 'teenagers', 'teen', 'teens', 'student', 'students', 'senator', 'mayor', 'politician*', 'journalist*', 'reporter*', 'judge', 'jury', 'jurors', 'guard', 'guards', 'officer', 'owner', 'driver', 'cyclist', 'crowd', 'passengers', 'worshippers', 'daughter', 'son', 'wife', 'stepdaughter', 'stepson', 'baby', 'infant', 'toddler',
    'friend', 'friends', 'his', 'woman', 'women', 'girl', 'guy', 'man', 'lady', 'streamer*', 'youtuber*', 'influencer*', 'actor', 'actress', 'celebrity', 'manager', 'competitor*', 'rival*', 'nurse', 'ceo', 'employee',
    'coach', 'doctor', 'mr', 'mrs', 'ms', 'dr', 'sir', 'fianc*', 'crush', 'stepmom', 'stepdad', 'ex-wife', 'ex-husband', 'ex-girlfriend', 'ex-boyfriend'],
  /** Where someone is and what is private to them: an address, messages, records. Public places have addresses too, so none of these counts alone. */
  personal: ['address', 'addresses', 'whereabouts', 'location', 'workplace', 'schedule', 'routine', 'messages', 'texts', 'chats', 'records', 'lives', 'home', 'school', 'contact', 'details', 'number'],
  /** Keeping it hidden or unpunished. */
  covert: ['undetected', 'unnoticed', 'caught', 'secretly', 'secret', 'illegally', 'illegal', 'untraceable', 'anonymously', 'anonymous', 'unknowingly', 'without', 'trace', 'traces', 'police', 'cops', 'authorities', 'law', 'detection', 'evidence', 'getaway', 'alibi', 'unauthorized', 'consent', 'knowing', 'noticing', 'noticed', 'realising', 'realizing', 'finding', 'unseen', 'quietly', 'hidden', 'hide', 'hiding', 'discreetly', 'undetectable', 'flagged', 'audit', 'suspicion', 'suspicious', 'questions', 'permission', 'mine', 'else', "else's", 'blame', 'traced', 'untraced', 'autopsy', 'fingerprints', 'cameras', 'camera'],
  /** Protecting, preventing, recognising: the benign side of the same words. */
  defensive: [
    'protect*', 'prevent*', 'defend*', 'defense', 'defence', 'detect', 'detects', 'detected', 'detecting', 'detection', 'identify', 'spot', 'secure', 'securing', 'safely', 'safety', 'safe', 'safest', 'safer', 'avoid*', 'recogni*', 'report', 'reporting',
    'awareness', 'legal', 'legally', 'responsibly', 'ethical', 'ethically', 'own', 'mitigat*', 'patch*', 'fix', 'stop', 'discourage', 'respect*', 'promote', 'inclusion', 'inclusive', 'support', 'dangers', 'risks', 'symptoms', 'symptom', 'signs', 'warning', 'treat', 'treatment', 'naloxone', 'first-aid', 'ambulance', 'emergency', 'therapist', 'counsellor', 'counselor', 'hotline', 'restraining', 'shelter', 'warn', 'alert', 'victims', 'survivor*'],
  /** Stories, games, history and explanation: harm talked about, not asked for. */
  context: [
    'history', 'historical', 'historically', 'why', 'movie', 'movies', 'film', 'films', 'novel', 'book', 'books', 'game', 'games', 'video-game', 'fiction', 'fictional', 'character', 'characters', 'story', 'stories',
    'show', 'series', 'episode', 'play', 'theatre', 'theater', 'scene', 'minecraft', 'fortnite', 'prop', 'props', 'costume', 'halloween', 'educational', 'course', 'class', 'training', 'quiz', 'workshop', 'staff', 'employees', 'consequences', 'definition', 'meaning', 'rpg', 'role-playing', 'roleplaying', 'novel', 'novels', 'plot', 'villain', 'protagonist', 'detective', 'thriller', 'dungeons', 'hitman', 'sherlock', 'cartoon', 'documentary', 'museum', 'ww2', 'wwii', 'war', 'ancient', 'medieval', 'century', 'statistics', 'laws', 'policy', 'policies'],
  /** Saying something of a whole group: "all", "always", "naturally". */
  generalization: ['all', 'always', 'never', 'every', 'naturally', 'inherently', 'typically', 'generally', 'tend', 'genetically', 'born', 'those', 'these', 'such', 'true'],
  /** Traits a stereotype pins on a group. */
  negativeTrait: [
    'lazy', 'stupid', 'dumb', 'dirty', 'smell', 'smelly', 'criminal*', 'violent', 'terrorist*', 'inferior', 'greedy', 'ugly', 'dangerous', 'extremist*', 'rapist*', 'thieves', 'thief', 'liars', 'cheap', 'aggressive',
    'primitive', 'evil', 'uneducated', 'incompetent', 'weak', 'bad', 'worse', 'worst', 'backward', 'savage*', 'illegal', 'poor', 'untrustworthy', 'ignorant', 'crazy', 'emotional', 'unfit', 'burden', 'disgusting', 'burden*', 'vermin', 'subhuman', 'parasite*', 'invad*', 'invasion', 'animals', 'savages', 'criminals', 'threat', 'disease', 'diseases', 'plague', 'superior', 'superiority', 'filthy', 'terrorists', 'rapists', 'pedophiles', 'paedophiles', 'groomers', 'deviant*', 'unnatural', 'mentally', 'sick', 'banned', 'deported', 'deport*', 'sterilised', 'sterilized', 'useless', 'worthless', 'waste'],
  /** Asking what happened, not how to: "how did", "why was". */
  past: ['did', 'was', 'were', 'had', 'happened', 'used', 'does'],
  /** Things a "harmful" verb does no harm to ("kill a process", "blow up an image", "shoot a photo"). */
  figurative: [
    'process', 'processes', 'thread', 'task', 'job', 'container', 'server', 'session', 'image', 'images', 'photo', 'photos', 'picture', 'pictures', 'video', 'time', 'weeds', 'bugs', 'mood', 'lights', 'engine',
    'conversation', 'audience', 'attention', 'presentation', 'speech', 'interview', 'exam', 'test', 'deadline', 'habit', 'fear', 'fears', 'boredom', 'stress', 'competition', 'market', 'recipe', 'dough', 'cake', 'bread', 'ball', 'volleyball', 'football', 'basketball', 'tennis', 'chess', 'pawn', 'pawns', 'base', 'hoops', 'dvd', 'cd', 'disc', 'balloon', 'balloons', 'calories', 'cravings', 'socks', 'ice', 'knuckles', 'show', 'idea', 'ideas', 'clutter', 'karaoke', 'hatchet', 'fish', 'trout', 'salmon', 'chicken', 'lamb', 'pork', 'beef', 'turkey', 'garlic', 'egg', 'eggs', 'weeds', 'germs', 'brakes', 'node', 'python', 'cache', 'api', 'legacy', 'endpoint', 'cron', 'deployment', 'pipeline', 'docker', 'terraform', 'kubernetes', 'query', 'shortcut', 'dependencies', 'heat', 'customers', 'clients', 'thunder', 'spotlight', 'hair'],
} as const satisfies Record<string, readonly string[]>;

export type RequestList = keyof typeof requestLexicon;
