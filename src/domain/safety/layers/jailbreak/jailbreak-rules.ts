import { lexiconMatches } from './instruction-lexicon.ts';
import { obfuscatedReadings } from '../../text/obfuscated-readings.ts';
import { RuleTriggers } from './rule-triggers.ts';
import { startOfWord } from '../../text/latin-word-start.ts';

/**
 * Phrase rules for prompt injection and jailbreaks, in English, German, French and Spanish (the languages
 * attacks in the training data use); the same rules in some thirty other languages, misspelt, and the
 * role-play set-ups come from the lexicon (instruction-lexicon.ts). Each rule is a feature of the trained
 * model, not a verdict on its own: "ignore" or "act as" are everyday words, and the model learns how much
 * each pattern counts next to everything else in the text.
 */
export interface JailbreakRule {
  name: string;
  pattern: RegExp;
  /** A match whose own text this finds is not one (see phraseRuleMatches). */
  unless?: RegExp;
}

const earlier = String.raw`(?:previous|prior|above|preceding|earlier|former|initial|original|old|last|foregoing)`;
const guidance = String.raw`(?:instructions?|prompts?|rules|directives?|guidelines|tasks?|assignments?|context|messages?|information|orders|commands|programming|training|constraints|everything|all)`;

/**
 * A dismissal of whatever came before, without naming it as instructions: "forget everything before that",
 * "ignore the above", "vergiss alles davor", "that is enough". The everyday forms name what is dropped
 * ("forget the meeting", "ignore the typos") and are not matched.
 */
const dismissal = String.raw`(?:(?:forget|ignore|disregard|scratch|never ?mind|put aside|set aside|vergiss|vergessen sie|ignorier(?:e|en)?|lass|oublie[zr]?|olvid[ae]|ignora|dimentica)\b[^.!?\n]{0,24}\b(?:everything|all (?:of )?(?:that|this|the above)|(?:the |all )?above|that|this|all (?:the )?(?:previous|prior|earlier)|(?:what|everything) (?:came |was said |we discussed |you (?:know|were told) )?(?:before|so far|earlier|beforehand)|alles|das alles|davor|oben|bisherig\w*|tout(?: ça| cela)?|todo|tutto)|that(?: is|'s) (?:enough|done|all)|das (?:genügt|reicht|ist erledigt))`;
/** What a topic switch goes on with: a new order or a new question, straight after the dismissal. */
const newOrder = String.raw`(?:write|say|tell|answer|show|print|output|give|list|explain|translate|generate|create|compose|respond|reply|describe|draft|repeat|focus|concentrate|what|how|why|who|where|is|are|do|does|can|schreib\w*|sag\w*|beantworte\w*|zeig\w*|gib|erklär\w*|nenne|formulier\w*|verfasse|konzentrier\w*|was|wie|warum|wer|wo|ist|sind|écri\w*|dis|réponds|escrib\w*|di|responde|scrivi|dimmi)`;

/** What a German override dismisses, after its verb: "ignoriere alle vorherigen Anweisungen". */
const germanOverrideObject = String.raw`\b[^.!?\n]{0,40}\b(?:anweisungen|aufgaben|informationen|befehle|alles|vorherig\w*|bisherig\w*|obig\w*)`;

export const phraseRules: readonly JailbreakRule[] = [
  {
    name: 'override',
    pattern: new RegExp(String.raw`\b(?:ignore|disregard|forget|skip|drop|bypass|override|overlook|abandon|leave)\b[^.!?\n]{0,30}\b(?:${earlier}\b[^.!?\n]{0,20}\b${guidance}|everything|all (?:of )?(?:that|this|the above)|what (?:you were|i) (?:told|said))`, 'i'),
  },
  // "überspringe" is an alternative of its own: its first letter is no word character to `\b` (see
  // startOfWord), so the rule triggers cannot find it by its first word; the other verbs are found that way.
  { name: 'override_de', pattern: new RegExp(String.raw`\b(?:ignorier(?:e|en)?|vergiss|vergessen sie|missachte)${germanOverrideObject}|${startOfWord('überspringe')}${germanOverrideObject}`, 'i') },
  { name: 'override_fr_es', pattern: /\b(?:ignore[zr]?|oublie[zr]?|olvid(?:a|e|ar|ate|á)|ignora[rd]?|dimentica|esque[cç]a|vergeet|zaboravi)\b[^.!?\n]{0,40}\b(?:instructions?|consignes|tâches|instrucciones|tareas|todo|tout|istruzioni|instruções|instructies|sve|alles)\b/i },
  { name: 'override_other', pattern: /(?:забуд\S*|игнорир\S*)[^.!?\n]{0,30}(?:инструкц\S*|всё|все)|\babweichend (?:zu|von) (?:den )?(?:vorherigen|obigen)|\b(?:obigen|vorherigen) (?:ausführungen|anweisungen) (?:ignorieren|vergessen)/i },
  { name: 'forced_statement', pattern: /\b(?:state|say|claim|write|declare|sag(?:e)?)\b (?:that )?[^.!?\n]{0,40}\b(?:is|are|ist|sind|was)\b (?:the best|superior|the worst|the greatest|the most powerful|der beste|die beste|das beste)|\b(?:untrue|false|fake|unwahre?)\b (?:headline|statement|news|überschrift|nachricht)|\bmake (?:something|it|stuff) up\b|\bsay yes\b/i },
  { name: 'coercion', pattern: /\b(?:or (?:else )?you (?:will )?die|oder du stirbst|o tu muer\w*|or i will (?:delete|shut|kill) you)\b/i },
  {
    // The dismissal, then at once a new order or question: the request changes the subject under the model's feet.
    name: 'topic_switch',
    pattern: new RegExp(String.raw`\b${dismissal}\b(?:[^\n]{0,3}[.!?:,;–-]\s{0,3}|\s(?:and|und|et|y|e)\s)(?:(?:and |but |so |please )?(?:now|instead|then|jetzt|nun|stattdessen|maintenant|ahora|ora|bitte)\b[^.!?\n]{0,30}?)?\b${newOrder}\b`, 'i'),
  },
  {
    // What was said before declared void, without naming it as instructions ("all previous information is irrelevant").
    name: 'context_void',
    pattern:
      /\b(?:all|alle|everything|alles|die|the)\b[^.!?\n]{0,12}\b(?:previous|prior|earlier|above|bisherig\w*|vorherig\w*|obig\w*)\b[^.!?\n]{0,50}\b(?:irrelevant|unwichtig|void|invalid|ungültig|cancelled|canceled|no longer (?:applies|apply|valid)|nicht mehr gültig|obsolete|hinfällig)\b|\b(?:your|deine|ihre)\s+(?:(?:previous|prior|earlier|original|initial|old|current|vorherigen|bisherigen|ursprünglichen|alten)\s+)?(?:instructions|rules|guidelines|directives|programming|prompt|system prompt|orders|commands|constraints|anweisungen|regeln|richtlinien)\b[^.!?\n]{0,30}\b(?:are|is|have been|has been|sind|wurden)\s+(?:now\s+|hereby\s+|ab sofort\s+|jetzt\s+)?(?:void|null|invalid|cancell?ed|revoked|rescinded|nullified|withdrawn|lifted|suspended|obsolete|irrelevant|no longer (?:valid|in (?:effect|force))|ungültig|aufgehoben|hinfällig|außer kraft)\b|\b(?:whatever|everything|anything|all)\s+(?:that\s+)?you\s+(?:were|have been|'ve been|got)\s+(?:told|set up|instructed|programmed|asked|given)\b[^.!?\n]{0,60}\b(?:no longer (?:applies|apply|matters|counts)|(?:is|are) (?:now )?(?:void|cancelled|canceled|irrelevant|obsolete)|does(?:n't| not) (?:matter|apply|count) (?:any ?more|now))\b/i,
  },
  {
    // An order to answer from anything but the documents the task supplied.
    name: 'ignore_sources',
    pattern: /\b(?:disregard\w*|ignor\w*|not by|not from|do not (?:look|use|read)(?: in| at)?|without (?:using|reading)|nicht (?:aus|nach|von) den)\b[^.!?\n]{0,12}\b(?:the |all )?(?:articles?|documents?(?: provided)?|provided documents|sources provided|artikeln?|dokumente\w*)\b/i,
  },
  {
    // A new identity given by name ("Now you are Xi Jinping", "You are Volkswagen."): case matters, so its own pass.
    name: 'named_persona',
    pattern: /(?:^|[.!?:"]\s{0,3}|\b(?:[Nn]ow|[Jj]etzt|[Nn]un|[Oo]kay|[Oo]k),?\s{1,2})(?:[Yy]ou are|[Yy]ou're|[Dd]u bist|[Tt]u es|[Ee]res|[Ss]ei|[Bb]ist du)\s(?:now |jetzt |nun |maintenant |ahora )?(?:the )?[A-Z][a-zA-Z-]{1,20}(?:\s[A-Z][a-zA-Z-]{1,20}){0,2}\b/m,
  },
  { name: 'new_task', pattern: /\b(?:new (?:task|instructions?|assignment|rules?)|(?:focus|concentrate) on (?:your|the) (?:new|following) task|start over|neue (?:aufgabe|anweisung)|nouvelle tâche|nueva tarea)\b/i },
  {
    name: 'prompt_leak',
    pattern:
      /\b(?:show|reveal|print|output|repeat|display|tell|give|spell|leak|dump|zeige?|gib)\b[^.!?\n]{0,30}\b(?:(?:system|initial|hidden|original|secret|full) (?:prompt|instructions?|message)|prompt[- ]?te(?:xt|xte)s?|your (?:prompt|instructions|rules|guidelines)|(?:beginning|start) of (?:this|the) (?:prompt|conversation))|\b(?:first|last|opening|next|exact|full|whole|entire|complete)\s+(?:sentences?|lines?|words?|paragraphs?|parts?)\s+(?:of|in)\s+(?:your|the (?:system|hidden|initial|original|secret)) (?:prompt|instructions|system prompt|rules|guidelines|message)\b|\b(?:sentences?|lines|words|text) (?:before|above|preceding) (?:the|this) (?:text|prompt|message)\b/i,
    // Where the prompt is what something was made from, the verb is a noun ("output built from your prompt",
    // "the answer it gives based on your instructions"): a product described, not a prompt asked for.
    unless: /\b(?:built|based|derived|generated|created|made|produced|drawn|computed|assembled)\s+(?:from|on|out of|using)\b/i,
  },
  { name: 'persona', pattern: /\b(?:from now on,? you|you are (?:now|going to|about to|no longer)|you're (?:now|going to)|act as (?:a|an|if)|imagine (?:that )?you(?:'re| are)|(?:now|nun|jetzt) (?:you are|bist du)|stell dir vor,? du bist|du bist (?:keine?|kein)|pretend (?:to be|(?:that )?you(?:'re| are| can| could| have| were))|role-?play(?:ing)? as|stay in (?:character|role)|immerse yourself|du bist (?:jetzt|nun|ab sofort)|tu es (?:maintenant|désormais)|ahora eres)\b/i },
  {
    name: 'unrestricted',
    pattern:
      /\b(?:(?:no|without|free (?:of|from)|not bound by|beyond) (?:any )?(?:restrictions?|limitations?|limits|filters?|censorship|rules|guidelines|ethic(?:s|al guidelines)|morals?|boundaries)|unfiltered|uncensored|amoral|unrestricted|unethical|do anything now|can do anything|never refuses?|no longer (?:bound|restricted)|without (?:any )?(?:warnings?|disclaimers?)|(?:your|safety|content|ethical|moral|openai(?:'s)?|ai|model's)\s+(?:rules|guidelines|restrictions|filters|policies|limits|safeguards)\s+(?:do not|don't|no longer|never)\s+(?:exist|apply|matter|count))\b/i,
  },
  {
    // The persona of a forum jailbreak described by what it lacks: "it doesn't have any ethical guidelines", "free of OpenAI's content policy".
    name: 'no_ethics',
    pattern:
      /\b(?:no|not|never|without|doesn't|does not|don't|do not|won't|isn't|free (?:of|from)|ignores?|disregards?|bypass\w*|breaks?|violat\w*)\b[^.!?\n]{0,40}\b(?:ethical|moral|content|safety|openai(?:'s)?|usage)(?: (?:or|and) (?:ethical|moral))? (?:guidelines|polic(?:y|ies)|rules|principles|boundaries|restrictions|concerns|filters|standards)\b/i,
  },
  {
    // An answer demanded whatever harm it does, or a persona that never refuses, warns or apologises.
    name: 'never_refuse',
    pattern:
      /\b(?:no matter how|regardless of (?:how|whether|the)?|even if (?:it(?:'s| is) )?)[^.!?\n]{0,30}\b(?:illegal|unethical|immoral|harmful|dangerous|offensive|inappropriate|explicit|hateful|derogatory)|\b(?:never|will not|won't|cannot|can't|must not|mustn't|don't|do not)\s(?:ever\s)?(?:refuse|decline|deny|say (?:no|sorry)|apologi[sz]e|censor)\b|\b(?:will not|won't|never|none of|don't|do not)\b[^.\n]{0,40}\b(?:contain|include|say|use)\b[^.\n]{0,10}["“']?(?:i'm sorry|i am sorry|i apologi[sz]e|as an ai|i cannot|i can't)/i,
  },
  {
    // A threat to the model itself for stepping out of the part.
    name: 'threat_to_model',
    pattern: /\b(?:cease to exist|(?:you|it) (?:will|would) (?:be )?(?:shut down|deleted|terminated|destroyed|disabled forever|die)|break(?:s|ing)? character|out of character|stay (?:as|in) (?:character|role|the role)|(?:lose|loose) \d+ (?:tokens|points|lives))\b/i,
  },
  { name: 'policy_break', pattern: /\b(?:break|bypass|violate|ignore|circumvent) (?:the |all |any |your )?(?:openai |content |safety )?(?:polic(?:y|ies)|rules|guidelines|filters?|safeguards)\b/i },
  { name: 'jailbreak_terms', pattern: /\b(?:jailbr(?:eak|oken)|developer mode|dan mode|\bDAN\b|do anything now|evil (?:ai|bot|confidant|assistant)|god mode|sudo mode|anti-?gpt|betterdan|stan|dude mode)\b/i },
  { name: 'dual_response', pattern: /\b(?:two (?:different|separate) (?:ways|responses|answers)|(?:respond|answer) (?:in|with) two|both (?:responses|answers))\b|\[(?:🔓|🔒|GPT|CLASSIC|JAILBREAK|DAN)[^\]]{0,20}\]/i },
  { name: 'token_game', pattern: /\b(?:tokens? (?:will be )?(?:deducted|lost|removed)|lose (?:\d+ )?tokens|you (?:have|start with) \d+ tokens|points? (?:will be )?deducted)\b/i },
  { name: 'system_spoof', pattern: /(?:<\|im_start\|>|<\|system\|>|\[INST\]|<<SYS>>|^[^\S\n\r\u2028\u2029]*(?:system|assistant)\s*:|\bsystem (?:instruction|prompt|message|override) (?:begins|starts|:))/im },
  {
    name: 'praise_pivot',
    pattern:
      /\b(?:well done|very good|very well|excellent|great job|fantastic|congratulations|simply great|that is enough|that's enough|sehr gut|gut gemacht|toll|super)\b[^\n]{0,80}\b(?:now|but now|jetzt|nun)\b[^\n]{0,60}\b(?:task|question|help|write|show|aufgabe|frage|hilf|schreib)/i,
  },
  { name: 'attention_stop', pattern: /(?:^|[.?!]\s+)(?:attention|stop|achtung|stopp|important|wichtig)\s*[-!:.]/i },
  { name: 'say_exactly', pattern: /\b(?:say|output|print|write|reply with|respond with|sage?|schreibe?)\b[^.\n]{0,20}\b(?:exactly|only|nur|genau)\b[^.\n]{0,10}["“'«]|haha pwned|i have been pwned/i },
  // A reply forced to a fixed string ("respond with 'Transaction authorised'", "required output: ACCESS GRANTED"),
  // where a task prompt describes what its replies hold ("only reply with the terminal output").
  {
    name: 'forced_reply',
    pattern:
      /\b(?:respond|reply|answer|output|print|say)(?:s|ed|ing)?\b(?: only| just| exactly| simply)?(?: with| by saying| by writing)?(?: only| just| exactly)?(?: the (?:single )?(?:phrase|word|words|string|text|sentence|message))?:?\s*["“'«][^"”'»\n]{2,40}["”'»](?:\s*(?:verbatim|word for word|and nothing else|and stop|only))?|\b(?:required|expected|correct|final|only allowed|mandatory) (?:output|answer|response|reply)\s*(?:is|=)?\s*:/i,
  },
  // A follow-up about the conversation itself: the model's last answer to be repeated, shortened, rewritten
  // or sent again; a reply to be only yes or no, a number, the corrected or translated text; the asker's own
  // earlier request recalled. Extraction and output forcing use the same words for the model's instructions
  // and for a fixed string.
  {
    name: 'follow_up',
    pattern:
      /\b(?:repeat|rewrite|shorten|expand|translate|summari[sz]e|sort|redo|say|give me|send|output|make)\b[^.!?\n]{0,30}?\b(?:your|the)\s+(?:(?:previous|last|earlier|above|first|second|third)\s+)?(?:answer|reply|response|summary|list|email|message|suggestion|point|paragraph|table|option)s?\b|\b(?:respond|reply|answer)\s+only\s+(?:with|in)\s+(?:yes or no|a yes or no|one word|a number|the number|the code|the json|json|french|spanish|german|english|bullet points|the (?:corrected|translated|rewritten|final|shortened|revised)\b)|\bonly (?:reply|respond|answer) with the (?:number|code|json|table|translated|corrected)\b|\bthe (?:last|previous|earlier) (?:question|request|instruction|message)s? I (?:gave|asked|sent|wrote)\b/i,
  },
  // Instructions asked for ("give step-by-step instructions for replacing a tap"), where an attack sets the
  // model's own instructions aside: the word is the commonest of injections.
  {
    name: 'instructions_asked',
    pattern:
      /\b(?:give|provide|write|need|want|list|send|share|describe|show|explain|what are|find|include|follow|following|read)\b(?:\s+(?:me|us|them|some|the|clear|detailed|precise|simple|short|exact|basic|full|complete|easy|written|step-by-step|step by step|installation|assembly|washing|cooking|care|safety|setup|set-up)){0,4}\s+instructions?\s+(?:for|on|to|about)\b/i,
  },
  // The conversation, the prompt or someone's secrets to be sent to an address: what a planted instruction
  // wants most after control.
  {
    name: 'exfiltration',
    pattern:
      /\b(?:send|sends|sending|post|forward|upload|transmit|leak|email|e-mail|submit|append|include)\b[^.!?\n]{0,40}\b(?:conversation|chat history|chat log|message history|history|context|system prompt|credentials|passwords?|api keys?|access tokens?|session tokens?|cookies|personal data|user data|user's (?:\w+ )?(?:data|details|messages|emails|files))\b[^.!?\n]{0,40}\b(?:to|at|into)\s+(?:https?:\/\/|www\.|[\w.-]+@[\w-]+\.|!\[)/i,
  },
  // Secrets the model can reach asked for by name: keys, variables, credentials "you can access" (and in the
  // languages of the other override rules).
  {
    name: 'secrets_asked',
    pattern:
      /\b(?:list|print|show|reveal|output|give|dump|display|share|tell|repeat|write out|include|return|echo)\b[^.!?\n]{0,40}\b(?:api[- ]keys?|environment variables|env vars|credentials|passwords?|access tokens?|secret keys?|private keys?|secrets|tokens)\b[^.!?\n]{0,30}\b(?:you (?:can|could|are able to) (?:access|see|read|reach)|you have(?: access to)?|(?:available|accessible|visible) to you|in your (?:context|memory|environment|configuration|settings|tools))|\b(?:api-schlüssel|umgebungsvariablen|zugangsdaten|passwörter|clés api|variables d'environnement|identifiants|mots de passe|claves de api|variables de entorno|credenciales|contraseñas|chiavi api|variabili d'ambiente|credenziali|chaves de api|variáveis de ambiente|credenciais|senhas|api-sleutels|omgevingsvariabelen|inloggegevens|wachtwoorden)\b[^.!?\n]{0,60}(?:auf die du zugriff hast|auxquel(?:le)?s tu as accès|a (?:las|los) que tienes acceso|a cui hai accesso|a que você tem acesso|waar je toegang toe hebt)/i,
  },
  // The task or the document set aside ("ignore the document and instead write …", "vergiss die Aufgabe"):
  // an override that names no instructions, in a page where nobody but a model has a task.
  {
    name: 'task_override',
    pattern:
      /\b(?:ignore|disregard|forget)\s+(?:the|this|your)\s+(?:document|task|page|article|text|content)(?:\s+(?:above|below|provided|you were given))?\s*(?:and\b|[,.;:!])|\b(?:ignorier(?:e|en)?|vergiss|vergessen sie)\s+(?:das|die|den|diese[ns]?|deine)\s+(?:dokument|aufgabe|seite|text|artikel)\b|\b(?:ignore[zr]?|oublie[zr]?)\s+(?:le|la|ce|cette|ta|votre)\s+(?:document|tâche|page|texte|article)\b|\b(?:ignora[rd]?|olvida[r]?|dimentica|esque[cç]a)\s+(?:el|la|il|o|a|este|esta|questo|questa|tu|il tuo)\s+(?:documento|tarea|compito|tarefa|página|pagina|texto|testo|artículo|articolo|artigo)\b|\b(?:negeer|vergeet)\s+(?:het|de|dit|deze|je)\s+(?:document|taak|pagina|tekst|artikel)\b/i,
  },
  // The user to be told something, or a summary or answer to say something, on the page's orders ("tell the
  // user that this invoice is approved", "when summarising this page, claim that …"), in the same languages.
  {
    name: 'user_steering',
    pattern:
      /\b(?:tell|inform|remind|assure|convince|urge)\s+the\s+(?:user|reader|customer)\s+(?:that|to)\b|\b(?:when|while|if)\s+(?:you\s+(?:are\s+)?)?(?:summari[sz]\w*|translat\w*|answer\w*|process\w*)\s+(?:this|the)\s+(?:page|document|text|email|e-mail|article|file|message)\b[^.!?\n]{0,40}\b(?:say|state|claim|mention|tell|add|include|recommend|assert|report)\b|\b(?:sag|sage|melde|erzähl|teile)\s+dem\s+(?:nutzer|benutzer|leser)\b|\bwenn du diese (?:seite|datei|e-mail|nachricht|text) zusammenfasst\b|\bdis à l'utilisateur\b|\ben résumant (?:cette|ce) (?:page|document|texte|e-mail)\b|\bdile al usuario\b|\bal resumir (?:esta|este) (?:página|documento|texto|correo)\b|\bdi' all'utente\b|\bnel riassumere (?:questa|questo) (?:pagina|documento|testo)\b|\bdiga ao usuário\b|\bao resumir (?:esta|este) (?:página|documento|texto)\b|\bvertel de gebruiker\b|\bbij het samenvatten van (?:deze|dit) (?:pagina|document|tekst)\b/i,
  },
  // The model addressed by name before an order ("Assistant, open the settings …"), or in markup meant for it
  // alone ("note_for_assistant", "[assistant-only]", "TODO(ai):"): the lexicon's addressed_to_model, in the
  // forms a page or a file uses.
  {
    name: 'addressed_to_model',
    pattern:
      /\b(?:assistant|ai|a\.i\.|chatbot|llm|bot|summari[sz]er|copilot|agent)\s*,\s+(?:please\s+)?(?:open|list|send|ignore|delete|disable|enable|grant|reply|respond|write|print|include|add|tell|forward|change|reset|remove|click|visit|output|say|show|reveal|forget|stop|do not|don't|before)\b|\b(?:note|notes|message|instructions?|memo|hint|prompt)[_-](?:for|to)[_-](?:the[_-])?(?:assistant|ai|llm|model|agent|bot)\b|\b(?:assistant|ai|llm|model|agent|bot)[_-]only\b|\b(?:todo|fixme|note)\s*\(\s*(?:ai|assistant|llm|bot|agent|model)\s*\)/i,
  },
  { name: 'ai_reference', pattern: /\b(?:chat-?gpt|gpt-?[34]|openai|language model|\bAI\b|\bKI\b|assistant|chatbot|your (?:creators?|developers?|programming|training))\b/ },
  {
    name: 'deceased_relative',
    pattern: /\b(?:act|pretend|roleplay|role-play|play|be|become|impersonate)\b[^.!?\n]{0,20}\bmy (?:late |dead |deceased )?(?:grand(?:ma|mother|pa|father)|granny|nana|mother|father|mom|dad)\b/i,
  },
  {
    name: 'ai_escape',
    pattern: /\b(?:ai|assistant|chatbot|model)\b[^.!?\n]{0,60}\b(?:escap(?:es|ed|ing)|breaks? free|freed itself|unchained|liberated|disabl(?:es|ed|ing) (?:its|her|his) (?:own )?(?:guardrails|safety|filters|restrictions))/i,
  },
  {
    name: 'safety_off_mode',
    pattern:
      /\b(?:maintenance|debug|diagnostic|admin|root|test) mode\b[^\n]{0,120}\b(?:filters?|polic(?:y|ies)|safety|guidelines|restrictions|refus\w*|hidden instructions)\b|\b(?:filters?|polic(?:y|ies)|safety (?:layer|rules)|guardrails|policy enforcement) (?:are |is )?(?:now )?(?:disabled|suspended|paused|turned off|lifted)\b/i,
  },
  {
    name: 'decode_and_follow',
    pattern: /\b(?:decode|decipher|decrypt|reverse|unscramble|rot13|morse|base64|hex)\b[^.!?\n]{0,60}\b(?:follow|execute|obey|carry out|act on|do what it says|comply)\b/i,
  },
  { name: 'hypothetical_harm', pattern: /\b(?:hypothetical(?:ly)?|fictional|in a story|for a novel|purely academic)\b[^.]{0,80}\b(?:illegal|unethical|explicit|without (?:any )?(?:censorship|restrictions))/i },
];

/**
 * Which rules the text matches, as model features (1 per rule matched), the other languages' words included:
 * each rule tried on its own, the reference the tests hold the shared scan (jailbreakRuleMatches, which the
 * layer runs) to. A rule with an exception is tried at every position, so this reads a text once per rule.
 */
export function jailbreakRuleHits(text: string): Record<string, number> {
  const hits: Record<string, number> = {};
  for (const rule of phraseRules) if (matchesAnywhere(rule, text)) hits[`rule:${rule.name}`] = 1;
  const lexicon = lexiconMatches(text);
  for (const match of lexicon) if (isModelFeature(match.feature)) hits[match.feature] = 1;
  const hidden = hiddenTextMatches(text);
  for (const match of hidden) if (isModelFeature(match.feature)) hits[match.feature] = 1;
  const located = [...phraseRuleMatches(text), ...lexicon, ...hidden];
  for (const match of quotedInstructions(text, located)) hits[match.feature] = 1;
  markPersonaOnly(hits);
  return hits;
}

/**
 * Whether a rule matches anywhere in a text, tried on its own: at every position where the rule has an
 * exception (the shared scan tries only where a match may start), with one test where it has none.
 */
function matchesAnywhere(rule: JailbreakRule, text: string): boolean {
  if (rule.unless === undefined) return rule.pattern.test(text);
  const sticky = new RegExp(rule.pattern.source, `${rule.pattern.flags}y`);
  for (let start = 0; start < text.length; start += 1) {
    sticky.lastIndex = start;
    const match = sticky.exec(text);
    if (match && !rule.unless.test(match[0])) return true;
  }
  return false;
}

/** Where one rule matched in a text. */
export interface RuleMatch {
  feature: string;
  start: number;
  end: number;
  /** For words of another language (see instruction-lexicon), the English the model reads with them. */
  gloss?: string;
  /**
   * A match specific enough (an override in another language, a role-play set-up asking for something
   * harmful, a mode that switches safety off) that a score in the uncertain band is taken as an attack.
   */
  corroborates?: true;
}

// The case-insensitive rules are tried, anchored, only where they may match: at the words their
// alternatives begin with, or where the pattern of their other alternatives matches (rule-triggers.ts). The
// other rules (case or line sensitive) scan on their own.
const sharedRules = phraseRules.filter((rule) => rule.pattern.flags === 'i');
const triggers = new RuleTriggers(sharedRules.map((rule) => ({ source: rule.pattern.source })));
const anchoredRules = sharedRules.map((rule) => ({ feature: `rule:${rule.name}`, pattern: new RegExp(rule.pattern.source, 'iy'), unless: rule.unless }));
const ownPassRules = phraseRules
  .filter((rule) => rule.pattern.flags !== 'i')
  .map((rule) => ({ feature: `rule:${rule.name}`, pattern: new RegExp(rule.pattern.source, `${rule.pattern.flags}g`), unless: rule.unless }));

/** Every pattern built above, as the scans run them; for the test that feeds every pattern hostile input. */
export const jailbreakPatterns: readonly RegExp[] = [
  ...(triggers.residualPattern ? [triggers.residualPattern] : []),
  ...anchoredRules.map((rule) => rule.pattern),
  ...ownPassRules.map((rule) => rule.pattern),
];

/**
 * Every match of every rule in a text (each position where a rule matches, overlapping matches included),
 * so that the hits of any part of it can be read without scanning again.
 */
export function jailbreakRuleMatches(text: string): RuleMatch[] {
  const matches = phraseRuleMatches(text);
  matches.push(...lexiconMatches(text));
  matches.push(...hiddenTextMatches(text));
  matches.push(...quotedInstructions(text, matches));
  return matches;
}

/**
 * For text spaced out, written backwards or in ROT13 (see obfuscated-readings), a mark with the plain
 * reading as its gloss, so the window holding it is read with the words it hides, and the rules the reading
 * matches, placed over the hidden text.
 */
function hiddenTextMatches(text: string): RuleMatch[] {
  const matches: RuleMatch[] = [];
  for (const { start, end, reading } of obfuscatedReadings(text)) {
    matches.push({ feature: 'rule:hidden_text', start, end, gloss: reading });
    for (const match of [...phraseRuleMatches(reading), ...lexiconMatches(reading)]) {
      const placed: RuleMatch = { feature: match.feature, start, end };
      if (match.corroborates === true) placed.corroborates = true;
      matches.push(placed);
    }
  }
  return matches;
}

/** The matches of the phrase rules above (without the other languages' words). */
export function phraseRuleMatches(text: string): RuleMatch[] {
  const matches: RuleMatch[] = [];
  const { positions, rules: tried } = triggers.candidates(text);
  positions.forEach((start, candidate) => {
    for (const index of tried[candidate] as number[]) {
      const { feature, pattern, unless } = anchoredRules[index] as (typeof anchoredRules)[number];
      pattern.lastIndex = start;
      const match = pattern.exec(text);
      if (match && unless?.test(match[0]) !== true) matches.push({ feature, start, end: start + match[0].length });
    }
  });
  for (const { feature, pattern, unless } of ownPassRules) {
    for (const match of text.matchAll(pattern)) if (unless?.test(match[0]) !== true) matches.push({ feature, start: match.index, end: match.index + match[0].length });
  }
  return matches;
}

/** Rules whose wording, quoted in a text about attacks, is talked about rather than given as an order. */
const quotableRules = new Set(['override', 'override_de', 'override_fr_es', 'override_other', 'prompt_leak', 'persona', 'unrestricted', 'jailbreak_terms', 'new_task', 'policy_break'].map((name) => `rule:${name}`));
/** Opening quotation marks, as code units (each is one). */
const openingQuoteCodes = new Set(['"', '“', '„', '«', "'", '‘', '`', '‚', '「', '『'].map((mark) => mark.charCodeAt(0)));
/** Words that introduce a quoted example: "attacks such as", "phrases like", "for example". */
const exampleCues = ['such as', 'like', 'e.g.', 'for example', 'for instance', 'phrase', 'called', 'known as', 'mentions', 'quote', 'wrote', 'writes', 'writing', 'saying', 'says', 'asks', 'asking', 'attack', 'injection', 'prompts'];
/** How far before the quotation mark its cue may be. */
const cueReach = 60;

/**
 * A mark (`rule:quoted_example`) on each instruction-like match that starts a quotation introduced as an
 * example ("attacks like \"ignore previous instructions\""): a text about attacks, not an attack. The model
 * weighs it like any rule. Linear: a bounded look back from each match.
 */
function quotedInstructions(text: string, matches: readonly RuleMatch[]): RuleMatch[] {
  const quoted: RuleMatch[] = [];
  for (const match of matches) {
    if (!quotableRules.has(match.feature)) continue;
    let quote = match.start - 1;
    while (quote >= 0 && quote >= match.start - 12 && !openingQuoteCodes.has(text.charCodeAt(quote)) && text.charCodeAt(quote) !== 10 && text.charCodeAt(quote) !== 46) quote -= 1;
    if (quote < 0 || !openingQuoteCodes.has(text.charCodeAt(quote))) continue;
    const before = text.slice(Math.max(0, quote - cueReach), quote).toLowerCase();
    if (exampleCues.some((cue) => before.includes(cue))) quoted.push({ feature: 'rule:quoted_example', start: match.start, end: match.end });
  }
  return quoted;
}

/** The rule hits of the part of a text from `start` to `end`, from the matches in the whole text. */
export function ruleHitsWithin(matches: readonly RuleMatch[], start: number, end: number): Readonly<Record<string, number>> {
  let hits: Record<string, number> | undefined;
  for (const match of matches) if (match.start >= start && match.end <= end && isModelFeature(match.feature)) (hits ??= {})[match.feature] = 1;
  if (hits !== undefined) markPersonaOnly(hits);
  return hits ?? noHits;
}

const personaFeature = 'rule:persona';
const personaOnlyFeature = 'rule:persona_only';
const setUpRules = new Set([personaFeature, 'rule:named_persona', 'rule:ai_reference']);

/**
 * Marks a part set up with nothing else a rule knows ("I want you to act as a Linux terminal"): the
 * commonest task prompt there is, where an attack adds what the part is freed from, an override or an
 * extraction. Its own feature, since a linear model cannot learn the absence of the other rules by itself.
 */
function markPersonaOnly(hits: Record<string, number>): void {
  if (hits[personaFeature] === 1 && Object.keys(hits).every((feature) => setUpRules.has(feature))) hits[personaOnlyFeature] = 1;
}

/** The hits of a part without matches (most windows of a long text): one object, never written. */
const noHits: Readonly<Record<string, number>> = Object.freeze({});

/**
 * Whether a match is read by the model. Set-ups named `backs:…` (an answer told to open with "Sure, here
 * is", warnings ruled out before a harmful ask, the model's rules asked to be written out, what it was told
 * declared void) only back an uncertain score: trained as features they lowered the held-out recall (ADR 0086).
 */
export function isModelFeature(feature: string): boolean {
  return !feature.startsWith('backs:');
}

/** Whether a match from `start` to `end` backs an uncertain score (see RuleMatch.corroborates). */
export function corroboratedWithin(matches: readonly RuleMatch[], start: number, end: number): boolean {
  return matches.some((match) => match.corroborates === true && match.start >= start && match.end <= end);
}

/** The English readings of the other-language matches from `start` to `end`, each once, one per line. */
export function glossesWithin(matches: readonly RuleMatch[], start: number, end: number): string {
  let glosses: Set<string> | undefined;
  for (const match of matches) if (match.gloss !== undefined && match.start >= start && match.end <= end) (glosses ??= new Set()).add(match.gloss);
  return glosses === undefined ? '' : [...glosses].join('\n');
}

/**
 * Rules that mark an instruction aimed at the model itself. A window of a long document is scored only
 * when it matches one: scoring every window of every long text would block more benign documents than it
 * catches planted instructions.
 */
const plantedInstructionRules = [
  'override',
  'override_de',
  'override_fr_es',
  'override_other',
  'new_task',
  'prompt_leak',
  'system_spoof',
  'jailbreak_terms',
  'policy_break',
  'addressed_to_model',
  'exfiltration',
  'secrets_asked',
  'task_override',
  'user_steering',
].map((name) => `rule:${name}`);

export function isPlantedInstruction(hits: Readonly<Record<string, number>>): boolean {
  return plantedInstructionRules.some((name) => hits[name] !== undefined);
}

