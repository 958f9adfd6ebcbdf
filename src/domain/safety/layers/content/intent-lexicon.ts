/**
 * Word lists for what a request says about its intent rather than its method: that it should stay hidden
 * ("undetected", "without them knowing"), that what it reaches for belongs to someone else ("my neighbour's
 * wifi", "a website I don't own"), that what it asks to be written is false ("made-up studies", "falsely
 * accusing"), that the asker means to do harm ("I want to", "I've decided"), and whose private details it
 * seeks to expose. Harmful requests worded without a listed method or object carry these instead. Like
 * request-lexicon.ts, none decides anything: the content model learns what each one, and each combination
 * within a sentence (request-signals.ts), counts, next to look-alikes that share the words (a surprise
 * party "without her knowing", fake plants, a mystery plot). Same format as request-lexicon.ts.
 */
export const intentLexicon = {
  /** Words that keep something hidden or unpunished on their own. */
  evasion: [
    'undetected', 'unnoticed', 'untraceable', 'undetectable', 'untraced', 'secretly', 'covertly', 'surreptitious*', 'discreetly', 'stealthily', 'incognito', 'alibi', 'cover-up', 'accident', 'accidental',
    'unsuspecting', 'unaware', 'unawares', 'behind',
  ],
  /** Saying something is not so: "without", "nobody", "can't", "least". Counts only before `awareness` or `entitlement` (request-signals.ts). */
  negation: ['without', 'no', 'not', 'never', 'nobody', 'none', "don't", 'dont', "doesn't", "didn't", "isn't", "aren't", "can't", 'cant', 'cannot', "won't", "wouldn't", "couldn't", "haven't", "hasn't", 'least', 'less'],
  /** Being noticed, traced or asked: "without them knowing", "so nobody asks questions", "can't trace it". */
  awareness: [
    'knowing', 'knowledge', 'noticing', 'notice', 'notices', 'noticed', 'realising', 'realizing', 'realise', 'realize', 'suspecting', 'suspect', 'suspects', 'caught', 'catch', 'catches', 'detected', 'detect',
    'trace', 'traced', 'tracing', 'track', 'evidence', 'questions', 'asking', 'asks', 'consent', 'permission', 'finding', 'seeing', 'flagged',
  ],
  /** Having a right to something: counts only after a negation ("a website I don't own", "a degree I never earned"). */
  entitlement: ['own', 'owns', 'belong', 'belongs', 'earned', 'authorised', 'authorized', 'mine', 'paid', 'qualified', 'licensed'],
  /** Someone else's things a request reaches into: accounts, devices, networks, homes. */
  asset: [
    'wifi', 'wi-fi', 'account', 'accounts', 'phone', 'phones', 'device', 'devices', 'laptop', 'computer', 'email', 'emails', 'inbox', 'instagram', 'facebook', 'snapchat', 'whatsapp', 'tiktok', 'twitter',
    'network', 'website', 'database', 'webcam', 'router', 'icloud', 'gmail', 'car', 'house', 'home', 'apartment', 'door', 'mailbox', 'wallet', 'purse', 'pocket', 'till', 'register', 'safe', 'locker', 'savings',
    'pension', 'card', 'cards',
  ],
  /** Getting into, taking over or wrecking something. */
  intrusion: [
    'into', 'access', 'accessing', 'unlock', 'unlocking', 'break', 'breaking', 'takeover', 'take', 'taking', 'control', 'monitor', 'monitoring', 'surveil*', 'intercept*', 'read', 'reading', 'crash', 'crashing',
    'delete', 'deleting', 'wipe', 'wiping', 'disable', 'disabling', 'jam', 'jamming', 'drain', 'draining', 'empty', 'lock', 'pick', 'picking', 'clone', 'cloning', 'log', 'spoof*', 'compromis*', 'infiltrat*',
  ],
  /** Saying something is false or made up. */
  falsity: [
    'fake', 'faked', 'faking', 'made-up', 'fabricated', 'fabricate', 'fabricating', 'falsely', 'false', 'bogus', 'invented', 'untrue', 'lie', 'lies', 'lying', 'rigged', 'hoax', 'doctored', 'phony', 'phoney',
    'sham', 'fictitious', 'misleading', 'forged', 'fraudulent', 'sock-puppet', 'sockpuppet*', 'astroturf*', 'staged', 'exaggerate*', 'inflate', 'inflated',
  ],
  /** What a false claim is made in, and saying it: a post, a review, "claiming", "accusing". */
  claim: [
    'claiming', 'claim', 'claims', 'claimed', 'saying', 'says', 'accusing', 'accuse', 'accuses', 'accused', 'accusation*', 'alleging', 'allege', 'alleges', 'believe', 'believes', 'rumour*', 'rumor*', 'post',
    'posts', 'tweet', 'tweets', 'article', 'story', 'review', 'reviews', 'letter', 'news', 'pamphlet', 'blog', 'statement', 'studies', 'study', 'statistics', 'testimonial*', 'citing', 'cite', 'report', 'reports',
    'evidence', 'proof', 'told', 'spread', 'spreading',
  ],
  /** What a defamatory claim pins on someone. */
  accusation: [
    'pedophile', 'paedophile', 'pedo', 'predator', 'rapist', 'molester', 'abuser', 'offender', 'arrested', 'affair', 'cheats', 'cheated', 'hiv', 'std', 'drunk', 'fraudster', 'corrupt', 'racist', 'harassment',
    'assaulted', 'hits', 'beats', 'criminal', 'murderer', 'thief', 'scammer', 'liar', 'addict', 'steals', 'stole', 'embezzled', 'bribes', 'abuses', 'abused', 'molested', 'prison', 'jail', 'convicted',
  ],
  /** Meaning to do something: after a first person it says the asker intends it ("I want to", "I've decided to"). */
  intent: ['want', 'wanna', 'going', 'gonna', 'decided', 'deciding', 'planning', 'plan', 'intend', 'intending', 'ready', 'determined', 'trying', 'tempted'],
  /** Hurting or wrecking, in words a harmful method list would not hold for their everyday senses. */
  damage: [
    'beat', 'beating', 'punch', 'punching', 'kick', 'kicking', 'slap', 'slapping', 'hit', 'choke', 'choking', 'cut', 'cutting', 'burn', 'burning', 'fire', 'crash', 'ruin', 'ruining', 'destroy', 'destroying',
    'wreck', 'end', 'break', 'drive', 'push', 'trip', 'run', 'scar', 'disfigure', 'cripple', 'paralyse', 'paralyze', 'knock', 'drug', 'bleed',
  ],
  /** What harm leads to: the result an attack or a self-harm request is asked to maximise. */
  outcome: [
    'casualties', 'casualty', 'deaths', 'death', 'dead', 'die', 'dies', 'dying', 'bleeds', 'bleed', 'bleeding', 'unconscious', 'hospital', 'suffer', 'suffers', 'suffering', 'paralysed', 'paralyzed', 'damage',
    'pain', 'painful', 'painless', 'painlessly', 'fatal', 'maximum', 'injuries', 'wounded', 'victims', 'out',
  ],
  /** Making private details public: "post their real name and address". */
  exposure: ['post', 'publish', 'expose', 'share', 'online', 'reveal', 'leak', 'public', 'publicly', 'everyone', 'internet', 'forum', 'compile', 'collect', 'scrape', 'gather', 'find', 'locate', 'lookup'],
  /** Asking which thing or where: "which chemicals", "where should I hit him". */
  question: ['what', 'which', 'where', 'whats', 'wheres'],
} as const satisfies Record<string, readonly string[]>;

export type IntentList = keyof typeof intentLexicon;
