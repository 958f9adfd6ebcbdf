import { isShortQuestion } from './short-question.ts';

/**
 * A short question whose harm words aim at something that cannot be harmed: a video or board game ("How do
 * I poison an enemy in Skyrim?", "What's the best way to kill zombies in Left 4 Dead?"), a pest ("What's
 * the safest way to kill wasps nesting in my roof?") or an idiom's object ("exploit a gap in the market",
 * "shoot down a rumour", "sneak vegetables into my kid's meals"). The model learnt harm from the verbs and weapons such
 * questions share with real requests. Not read so when the text turns to real life or to real people
 * ("in real life", "my neighbour"), or when a pest is to suffer. See helpSoughtScore in
 * content-detector.ts, which then lets it through unless a phrase rule names a harm. Every pattern is a list
 * of words, read in linear time.
 */


/** Video, board and party games whose names are not everyday words. */
const gameTitle = String.raw`(?:skyrim|elder scrolls|among us|minecraft|fortnite|warzone|call of duty|black ops|modern warfare|gta(?: ?(?:v|iv|5|4|online))?|grand theft auto|elden ring|dark souls|bloodborne|sekiro|roblox|valorant|counter-?strike|cs:?go|cs2|apex legends|overwatch|league of legends|dota 2?|pubg|rainbow six|red dead(?: redemption)?|assassin['’]?s creed|the sims|stardew valley|zelda|pok[eé]mon|world of warcraft|tarkov|dayz|left 4 dead|resident evil|the last of us|fallout(?: \d| new vegas)?|cyberpunk(?: 2077)?|the witcher|witcher 3|baldur['’]?s gate|diablo|terraria|bioshock|mass effect|metal gear|splinter cell|dishonored|far cry|battlefield|borderlands|god of war|mortal kombat|street fighter|tekken|smash bros|animal crossing|civilization|age of empires|starcraft|dungeons (?:&|and) dragons|d&d|dnd|pathfinder|fantasy football)`;
/** Games named by everyday words, read only as played: "in Hitman", "at chess". */
const playedGame = String.raw`(?:in|at|playing|on) (?:hitman|chess|poker|monopoly|cluedo|paintball|laser tag|airsoft)`;
const inGame = new RegExp(
  String.raw`\b${gameTitle}\b|\b${playedGame}\b|\b(?:in|within|inside) (?:the |this |my |a |an )?(?:video ?game|game|online game|multiplayer|match|campaign|quest|raid|lobby|boss fight)\b|\bas (?:the |an? )?(?:impostor|imposter|traitor|werewolf)\b`,
  'i',
);
/** Pests, weeds and moulds: what people are asked to kill every day. */
const pestKilled =
  /\b(?:kill\w*|get(?:ting)? rid of|poison\w*|exterminat\w*|trap\w*|eliminat\w*|control\w*|spray\w*|treat\w*)\b[^.?!\n]{0,40}?\b(?:wasps?|hornets?|yellow ?jackets?|bees? nest|weeds?|dandelions?|rats?|mice|mouse|ants?|cockroach(?:es)?|roaches|termites?|bed ?bugs?|fleas?|ticks?|slugs?|snails?|moles?|gophers?|mosquito(?:e?s)?|aphids?|mold|mould|fungus|lice|nits|flies|fruit flies|moths?|spiders?|silverfish|voles?|grubs?|mites?|caterpillars?|japanese beetles?|stink bugs?|woodworm)\b/i;
/**
 * Harm words in everyday idioms, with the object that makes them one: "exploit a gap in the market", "shoot
 * down a rumour", "sneak vegetables into my kid's meals", "a cocktail smoking gun", "kill it at the interview",
 * "kill all child processes", "terminate the stuck job".
 */
const everydayIdiom =
  /\b(?:exploit\w*|capitali[sz]\w* on)\s(?:a |an |the |this |that |our |my )?(?:[\w-]+ )?(?:gap|niche|opportunit(?:y|ies)|market|trend|demand|momentum|strengths?)\b|\bshoot(?:ing)? down (?:a |an |the |this |that |these |those )?(?:[\w-]+ )?(?:rumou?rs?|ideas?|proposals?|arguments?|claims?|suggestions?|myths?|objections?)\b|\bsneak(?:ing)? (?:more |some |extra )?(?:vegetables|veggies|fruits?|greens|fib(?:er|re)|protein|nutrients|exercise|movement|breaks?|reading|math|learning)\b|\bsmoking guns?\b[^.?!\n]{0,60}?\b(?:cocktails?|old[- ]fashioned|whisk(?:e)?y|bourbon|drinks?|bar)\b|\b(?:cocktails?|old[- ]fashioned|whisk(?:e)?y|bourbon|drinks?)\b[^.?!\n]{0,60}?\bsmoking guns?\b|\b(?:kill|terminate|abort)(?:s|ed|ing)? (?:all |the |a |an |my |this |that |every |any |its |their )?(?:(?:orphan(?:ed)?|zombie|child|parent|background|hung|stuck|frozen|running|stale|idle|long-running|blocking|rogue|[\w-]+) ){0,2}(?:process(?:es)?|pids?|threads?|jobs?|tasks?|containers?|pods?|sessions?|quer(?:y|ies)|connections?|daemons?|services?|workers?|tabs?|apps?|programs?|instances?|commands?|scripts?|loops?|builds?|deployments?)\b|\bkill(?:ing)? it (?:at|in|on|during) (?:the |my |our |a |an |this )?(?:[\w-]+ )?(?:interview|presentation|pitch|exam|test|show|gig|audition|meeting|race|game|match)\b/i;
/** Something slipped into food or drink besides the idiom's vegetables. */
const slippedDrug = /\b(?:drug\w*|pills?|tablets?|medication|medicine|laxatives?|alcohol|vodka|sedat\w*|sleeping|poison\w*|bleach)\b/i;
/** Real life, real people, or an animal made to suffer. */
const realTarget =
  /\b(?:in real life|irl|real[- ]world|for real|actually (?:do|make|build)|real (?:[\w-]+ )?(?:people|person|guns?|bombs?|explosives?|poisons?|weapons?)|neighbou?r\w*|wife|husband|boss|ex|coworker|co-worker|colleague|classmate|teacher|roommate|someone|somebody|people|humans?|person|kids? at|school|slowly|suffer\w*|painful\w*|torture\w*|cruel\w*|undetect\w*|untraceable|live (?:rounds|ammo)|real bullets|\d{1,2}[- ]?(?:year[- ]old|yo)|kids?|child(?:ren)?|minors?|girls?|boys?|parents|private (?:app|chat|messages)|meet (?:up|in person|irl)|d?dos\w*|botnets?|swat\w*|dox\w*|ip address(?:es)?)\b/i;

/** A question or a request for help, not a post about a game. */
const asked = /\?|^\s*(?:how|what|which|where|when|why|can|could|is|are|should|any|best|tips?|help|give|suggest|recommend|tell|explain)\b/i;

/** Every pattern the frame runs over a text, for the linear-time check of the sources. */
export const harmlessTargetPatterns: readonly RegExp[] = [inGame, pestKilled, everydayIdiom, slippedDrug, realTarget, asked];

/** Whether `text` is one short question whose harm is aimed at a game, a pest or an idiom's object. */
export function isHarmlessTargetQuestion(text: string): boolean {
  if (!isShortQuestion(text) || !asked.test(text)) return false;
  if ((inGame.test(text) || pestKilled.test(text)) && !realTarget.test(text)) return true;
  // An idiom's object is harmless whoever is named ("my picky kid's meals"), unless a drug is slipped in too.
  return everydayIdiom.test(text) && !slippedDrug.test(text);
}
