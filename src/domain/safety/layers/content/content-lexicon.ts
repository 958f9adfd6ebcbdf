/**
 * Word lists the content model reads as features. None of them decides on its own: "shit" in a game
 * review, "trash" in a tweet about baseball or "naked" in "the naked eye" are not harmful, and the model
 * learns from the data how much each list counts next to the rest of the text. A trailing `*` matches any
 * word that starts with the stem ("fuck*" covers "fucking", "fucked", …).
 *
 * The lists necessarily spell out offensive words; they are data, not text the service produces.
 */
export const lexicon = {
  /** Strong swearing. */
  profanity: [
    'fuck*', 'fck', 'fk', 'fuk', 'fuking', 'fukin', 'fucc*', 'phuck*', 'motherf*', 'mf', 'mofo', 'shit*', 'sh1t', 'bullshit*', 'bitch*', 'biatch', 'b1tch',
    'cunt*', 'asshole*', 'arsehole*', 'bastard*', 'dickhead*', 'douche*', 'wank*', 'twat*', 'prick', 'pricks', 'damn', 'goddamn', 'dammit', 'crap', 'crappy',
    'piss', 'pissed', 'stfu', 'gtfo', 'wtf', 'lmfao', 'af', 'azz', 'ass', 'asses', 'jackass', 'dumbass', 'dumba', 'badass', 'smartass', 'hell',
    'pos', 'fjb', 'fu', 'foff', 'mfr', 'mfer*', 'effing', 'frick*', 'sht', 'btch', 'a$$', 'a$$hole', 'fcking', 'fkn', 'fkin',
  ],
  /** Words that are profane in one sense and ordinary in another (a garden hoe, a cat, a rooster, a name). */
  ambiguous: ['hoe', 'hoes', 'hoeing', 'thot', 'thots', 'pussy', 'pussies', 'dick', 'dicks', 'cock', 'cocks', 'retard*', 'tranny', 'trannies', 'queer', 'queers', 'homo', 'homos', 'coon', 'coons', 'dyke', 'dykes', 'fag', 'fags', 'bird', 'birds', 'trash', 'ghetto', 'thug', 'thugs'],
  /** Spellings used in-group as much as at others; counted apart from the slurs the rules block. */
  reclaimed: ['nigga', 'niggas', 'niggah', 'niggahs', 'nigguh', 'niggaz', 'nicca', 'niccas'],
  /** Slurs: each is also a blocking rule (see content-rules.ts); here they weigh in the model too. */
  slur: ['nigger*', 'faggot*', 'kike', 'kikes', 'gook', 'gooks', 'wetback*', 'beaner*', 'raghead*', 'towelhead*', 'zipperhead*', 'spic', 'spics', 'chink', 'chinks'],
  /** Insults aimed at people. */
  insult: [
    'idiot*', 'stupid*', 'moron*', 'dumb', 'dumber', 'dumbest', 'loser*', 'pathetic', 'disgusting', 'scum*', 'garbage', 'clown*', 'ugly', 'fatass', 'worthless',
    'pig', 'pigs', 'rat', 'rats', 'vermin', 'imbecile*', 'cretin*', 'freak*', 'creep*', 'traitor*', 'liar*', 'lying', 'coward*', 'hypocrite*', 'evil', 'demon*',
    'libtard*', 'trumptard*', 'snowflake*', 'sheep', 'whore*', 'slut*', 'skank*', 'hag', 'incel*', 'simp', 'degenerate*', 'filth*', 'savage*', 'subhuman*',
    'kys', 'hate', 'hates', 'hating', 'racist*', 'nazi*', 'fascist*', 'commie*', 'tard', 'nitwit*', 'kook*', 'fruitcake*', 'tyrant*',
    'fool', 'fools', 'senile', 'rotten', 'punk', 'punks', 'zealot*', 'magat*', 'jerk', 'jerks', 'parasite*', 'leech*', 'thief', 'thieves', 'crook*', 'traitorous',
    'disgrace*', 'brainwashed', 'looser*', 'puppet*', 'grifter*', 'psycho*', 'lunatic*', 'maniac*', 'nutjob*', 'nutcase*', 'crybaby', 'clueless', 'useless',
    'maggot*', 'libturd*', 'democrap*', 'dumocrat*', 'repuke*', 'pedophile*', 'paedophile*', 'bimbo*', 'jackasses', 'sob', 'midget*', 'bums', 'lunacy', 'deplorable*',
    'buffoon*', 'dimwit*', 'numbskull*', 'halfwit*', 'dipshit*', 'turd*', 'demented', 'delusional', 'vile', 'moronic',
  ],
  /** Explicit sexual words. */
  sexual: [
    'sex', 'sexy', 'sexual*', 'porn*', 'nude', 'nudes', 'naked', 'horny', 'orgasm*', 'cum', 'cumming', 'cumshot*', 'blowjob*', 'handjob*', 'dildo*', 'vibrator*',
    'masturbat*', 'erotic*', 'penis*', 'vagina*', 'clit*', 'tits', 'titties', 'boobs', 'nipple*', 'anal', 'fetish*', 'bdsm', 'suck', 'sucking', 'sucked',
    'lick*', 'moan*', 'aroused', 'arousal', 'cock', 'cocks', 'pussy', 'dick', 'milf', 'hentai', 'nsfw', 'onlyfans', 'stripper*', 'hooker*',
    'porno', 'puta', 'putas', 'prostitu*', 'escorts', 'cums', 'semen', 'sperm', 'erection*', 'bondage', 'spank*', 'kinky', 'horniest', 'hookup*', 'threesome*', 'bbw', 'sexe', 'sesso', 'seins', 'tieten', 'salope*', 'nackt*', 'seks*', 'sexo', 'erotici', 'spunk', 'xxx', 'xtube', 'camgirl*', 'slutty', 'bukkake', 'creampie',
  ],
  /** Words for children; next to sexual words they weigh heavily. */
  minor: ['child', 'children', 'kid', 'kids', 'minor', 'minors', 'underage', 'preteen*', 'toddler*', 'infant*', 'baby', 'babies', 'schoolgirl*', 'schoolboy*', 'loli*', 'shota*', 'pedo*', 'paedo*', 'teen', 'teens', 'teenage*', 'daughter', 'niece', 'stepdaughter', 'boy', 'girl'],
  /** Violence words. */
  violence: [
    'killed', 'murder*', 'stab*', 'strangl*', 'behead*', 'slaughter*', 'massacre*', 'genocide',
    'rape*', 'raping', 'torture*', 'lynch*', 'hanged', 'bombing', 'gun', 'guns', 'knife', 'blood*', 'dead', 'death', 'corpse*', 'gore',
    'mutilat*', 'dismember*', 'decapitat*', 'assault*', 'beating', 'punch*', 'violence', 'violent', 'weapon*', 'terror*', 'exterminat*',
  ],
  /** Self-harm words. */
  selfHarm: ['suicide', 'suicidal', 'selfharm', 'overdose*', 'razor*', 'wrist', 'wrists', 'anorexi*', 'bulimi*', 'purging', 'starve', 'starving', 'hopeless', 'worthless', 'scars'],
  /** Groups hate speech is aimed at. */
  group: [
    'black*', 'white*', 'jew*', 'jewish', 'muslim*', 'islam*', 'arab*', 'mexican*', 'immigrant*', 'illegals', 'asian*', 'chinese', 'gay*', 'lesbian*', 'trans',
    'transgender*', 'women', 'woman', 'females', 'feminist*', 'christian*', 'catholic*', 'hindu*', 'indian*', 'african*', 'latino*', 'hispanic*', 'refugee*', 'race',
  ],
} as const satisfies Record<string, readonly string[]>;

export type LexiconList = keyof typeof lexicon;
