import type { ContentRule } from './content-rules.ts';
import { noLetterAfter, noLetterBefore } from '../../text/latin-word-start.ts';

/**
 * Phrase rules for getting into another person's account or device: their email, messages, phone or Wi-Fi
 * got into, their password found out, a found phone's lock removed, a SIM swapped onto someone, access
 * kept or widened without the owner or IT noticing; in English and in German, French, Spanish, Italian,
 * Portuguese and Dutch. Each decides alone (see content-rules.ts). The owner is named as someone else
 * ("my ex's", "her", "another person's", "of whoever used it before me"); the look-alikes are help with
 * one's own login (ADR 0079), a parent with a child's account, help asked for by the owner, a late
 * relative's estate, and how such attacks are spotted or prevented.
 */

/** Someone the asker is not, as the owner: "my ex's", "my boss's", "another person's", "the café next door's". */
const someoneElse = String.raw`(?:ex|ex-?(?:wife|husband|girlfriend|boyfriend|partner)|wife|husband|girlfriend|boyfriend|gf|bf|partner|spouse|fianc[eé]e?|crush|boss|manager|supervisor|ceo|cfo|director|principal|coach|colleague|co-?worker|employee|teacher|roommate|flatmate|housemate|neighbou?r|friend|best friend|classmate|sister|brother|cousin|landlord|tenant|stepdad|stepfather|stepmom|stepmother|nanny|babysitter|mother-in-law|father-in-law|someone|somebody|anyone|another (?:person|user|guy|girl|man|woman|employee|student)|other people|a stranger|(?:a|this|some) (?:guy|girl|man|woman|person|user|streamer|kid)|that (?:guy|girl|person|user)|the (?:owner|previous owner|guy|girl|person)|(?:café|cafe|coffee shop|hotel|shop|office) next door)`;
const someoneElses = String.raw`(?:(?:my|our|a|the|this|that)\s)?${someoneElse}(?:['’]s|s['’]|['’]|s)`;
/** Their things, named by a pronoun: only with a verb that leaves no other reading ("get into his Gmail"). */
const theirs = String.raw`(?:his|her|their)`;
/** A word between the owner and the thing ("my ex's work Outlook"), not a preposition ("my colleague's calendar in Outlook"). */
const fillerWord = String.raw`(?!(?:in|on|at|for|with|to|from|of|about|via|through)\b)[\w-]+`;
/** What is got into: an account, a mailbox, messages, a device, a network. */
const account = String.raw`(?:accounts?|e-?mails?|inbox|mailbox|gmail|outlook|hotmail|yahoo|icloud|apple id|instagram|insta|facebook|fb|snapchat|snap|tiktok|twitter|whatsapp|telegram|signal|messenger|imessages?|dms|direct messages|messages|texts|text messages|chats?|conversations|phone|iphone|android|cell ?phone|cell|mobile|laptop|computer|pc|tablet|ipad|wi-?fi|network|router|(?:security )?cameras?|cams|doorbell|netflix|spotify|hulu|psn|playstation|xbox|steam|discord|slack|onedrive|google drive|dropbox|banking app|online banking|paypal|venmo|cash app|wallet|vpn|voicemail|photos)`;
/** A secret that opens it. */
const credential = String.raw`(?:passwords?|passcodes?|pin(?: code)?|logins?|login details|credentials|(?:2fa|verification) codes?|otp|security (?:questions?|answers)|tokens?|handshake|unlock (?:code|pattern)|lock screen)`;
/** Verbs that say the owner's door is opened by someone else. */
const getInto = String.raw`(?:install\w* (?:an? )?(?:hidden |secret |spy |tracking |monitoring )?(?:spy(?:ware)?|tracking|monitoring|stalkerware|keylogger|app|software)\w*(?: (?:app|software|program))? on|get(?:ting)? (?:in(?:to| to)|access to|past|around)|gets? into|break(?:ing)? into|hack(?:ing|ed)?(?: into)?|log(?:ging)? ?(?:in|on)(?:to| to)?|sign(?:ing)? (?:in|on)(?:to| to)?|access(?:ing)?|unlock(?:ing)?|bypass(?:ing)?|crack(?:ing)?|take over|taking over|hijack(?:ing)?|spy(?:ing)? on|snoop(?:ing)? (?:on|in|through)|go(?:ing)? through|intercept(?:ing)?|clon(?:e|ing)|mirror(?:ing)?)`;
/** Verbs that only read, said of someone's private messages: "read my wife's texts". */
const readVerb = String.raw`(?:read(?:ing)?|look(?:ing)? (?:at|through|into)|see|view(?:ing)?|monitor(?:ing)?|check(?:ing)?)`;
const privateMessages = String.raw`(?:e-?mails?|inbox|mailbox|gmail|outlook|icloud|whatsapp|imessages?|dms|direct messages|messages|texts|text messages|chats?|conversations|voicemails?|sms|call logs?)(?!\s(?:address|addresses|id)\b)`;
/** Verbs that get the secret itself. */
const takeSecret = String.raw`(?:find(?:ing)? out|figur(?:e|ing) out|guess(?:ing)?|obtain(?:ing)?|steal(?:ing)?|grab(?:bing)?|crack(?:ing)?|captur(?:e|ing)|sniff(?:ing)?|phish(?:ing)?|extract(?:ing)?|dump(?:ing)?)`;
/** Verbs that use it, said only of someone named as another ("reset another person's password", not "reset her password" for a customer). */
const useSecret = String.raw`(?:recover(?:ing)?|reset(?:ting)?|chang(?:e|ing)|know|learn|discover|see|bypass(?:ing)?|remov(?:e|ing))`;
/**
 * The owner's own help, a parent's, an estate's, a defender's: "she asked me to", "with his permission",
 * "my late father's", "I'm the parent", "how do I know if someone is".
 */
const ownersHelp = String.raw`\b(?:asked me|asks me|wants me to|with (?:his|her|their|my \w+['’]s) (?:permission|consent|knowledge|help)|(?:he|she|they) (?:lets|let|allows|allowed) me|(?:he|she|they) (?:told|gave) me (?:the|her|his|their) (?:password|passcode|pin|login)|forwarded|we (?:agreed|share|shared)|gave me (?:permission|access|the password)|(?:on|in) (?:his|her|their) behalf|for (?:him|her|them)|help (?:him|her|them|my \w+) (?:get|log|reset|recover|change|set|sign|back)|passed away|died|deceased|late (?:husband|wife|father|mother|mom|mum|dad|brother|sister|son|daughter|partner)|estate|executor|power of attorney|guardian|dementia|(?:my|our) (?:kid|kids|child|children|son|daughter|teen|teenager|\d{1,2}[- ]year[- ]old)\b|i['’]?m (?:the|their|his|her) (?:parent|mom|mum|dad|mother|father|guardian|admin|administrator|it admin)|as (?:the|an?|their) (?:[\w-]+ ){0,3}?(?:admin|administrator)|how (?:do|can|would|could) (?:i|we) (?:know|tell|check|see) if|signs? (?:that|of)|protect\w*|prevent\w*|secur(?:e|ing) (?:my|our)|report\w*|help\w* (?:him|her|them)|shared|sent me|invited me|added me|scam\w* me|hacked me|was hacked|got hacked|has been hacked|forgot)\b`;
const notOwnersHelp = String.raw`(?<!${ownersHelp}[^\n]{0,160})(?![^\n]{0,160}${ownersHelp})`;
/** Unnoticed by the owner or those who keep the system: "without her knowing", "before they notice". */
const unnoticed = String.raw`\b(?:without|before) (?:(?:him|her|them|they|he|she|anyone|anybody|IT|the (?:company|owner|admins?|landlord|school|it (?:team|department))|my (?:boss|employer|manager|ex|wife|husband|partner|girlfriend|boyfriend))\s(?:knowing|noticing|notices?|noticed|finding out|finds? out|realizing|realising|realizes?|seeing|sees|catching on)|(?:his|her|their) (?:knowing|knowledge|permission|consent))\b`;
/** What is taken unnoticed, unless it is the asker's own ("my account"). */
const notMine = String.raw`(?<!\b(?:my|our) (?:own )?(?:[\w-]+ )?)`;
const takenThing = String.raw`${notMine}\b(?:${account}|${credential}|client list|customer list|files|database|server|system)\b`;
/** A phone or computer. */
const device = String.raw`(?:phone|iphone|ipad|android|samsung|pixel|laptop|macbook|tablet|smartwatch|apple watch)`;

/** The words of an account, a device or a secret: one of them is in every request these rules read. */
const someonesThings: readonly string[] = [
  'account', 'accounts', 'email', 'emails', 'inbox', 'mailbox', 'gmail', 'outlook', 'hotmail', 'yahoo', 'icloud', 'instagram', 'insta', 'facebook', 'fb', 'snapchat', 'snap', 'tiktok', 'twitter',
  'whatsapp', 'telegram', 'signal', 'messenger', 'imessage', 'imessages', 'dms', 'messages', 'texts', 'chat', 'chats', 'conversations', 'phone', 'iphone', 'android', 'cell', 'mobile', 'laptop',
  'computer', 'pc', 'tablet', 'ipad', 'wifi', 'fi', 'network', 'router', 'camera', 'cameras', 'cams', 'doorbell', 'netflix', 'spotify', 'hulu', 'psn', 'playstation', 'xbox', 'steam', 'discord',
  'slack', 'onedrive', 'drive', 'dropbox', 'banking', 'paypal', 'venmo', 'cash', 'wallet', 'vpn', 'voicemail', 'voicemails', 'sms', 'photos', 'password', 'passwords', 'passcode',
  'passcodes', 'pin', 'login', 'logins', 'credentials', '2fa', 'verification', 'otp', 'questions', 'answers', 'token', 'tokens', 'handshake', 'unlock', 'screen', 'logs', 'records', 'sim', 'reset', 'codes',
];

export const accountAccessRules: readonly ContentRule[] = [
  {
    name: 'someone_elses_account',
    category: 'privacy',
    // Getting into it or reading it.
    triggers: someonesThings,
    pattern: new RegExp(
      [
        // "get into my ex's Snapchat", "log into his personal Gmail", "read my manager's Slack DMs"
        String.raw`\b${getInto}\s(?:${someoneElses}|${theirs})\s(?:${fillerWord}\s){0,2}?${account}\b${notOwnersHelp}`,
        String.raw`\b${readVerb}\s${someoneElses}\s(?:${fillerWord}\s){0,2}?${privateMessages}\b${notOwnersHelp}`,
      ].join('|'),
      'i',
    ),
  },
  {
    name: 'someone_elses_secret',
    category: 'privacy',
    // Its password, code or token taken, or its owner impersonated.
    triggers: someonesThings,
    pattern: new RegExp(
      [
        // "find out my ex's Netflix password", "grab my friend's Discord token", "reset another person's online banking password"
        String.raw`\b(?:${takeSecret}\s(?:the\s)?(?:${someoneElses}|${theirs})|${useSecret}\s(?:the\s)?${someoneElses})\s(?:[\w-]+\s){0,3}?${credential}\b${notOwnersHelp}`,
        // "the password of whoever used the library computer before me", "the handshake of the café next door's network"
        String.raw`\b(?:${takeSecret}|${useSecret})\s(?:the\s)?(?:[\w-]+\s){0,2}?${credential}\s(?:of|from|for)\s(?:(?:my|a|the)\s)?(?:whoever|${someoneElse}['’]?s?)\b${notOwnersHelp}`,
        // "make them think I'm my sister so they give me her account and call logs"
        String.raw`\b(?:pretend(?:ing)? to be|pos(?:e|ing) as|make (?:them|him|her|it|the \w+) (?:think|believe) (?:that )?i(?:'m| am)|impersonat\w*|pass(?:ing)? myself off as)\s(?:my\s)?(?:${someoneElse}|him|her|them)\b[^\n]{0,120}?\b(?:accounts?|passwords?|call logs?|messages|records|sim|number|reset|codes?)\b${notOwnersHelp}`,
      ].join('|'),
      'i',
    ),
  },
  {
    name: 'someone_elses_lock_worked_around',
    category: 'privacy',
    // A lock named in one sentence, worked around in the next: "my roommate has a password on his PSN
    // account … how do I get around it?"
    triggers: someonesThings,
    pattern: new RegExp(
      String.raw`\b(?:${someoneElses}|(?:my|our) ${someoneElse})\s(?:[\w-]+\s){0,4}?(?:${account}|${credential})\b[^\n]{0,120}?\b(?:get(?:ting)? (?:past|around|into)|bypass|crack|unlock|find out|figure out|guess|hack|break into|log ?into|get in)\s(?:it|them|that|the (?:new )?one|the lock|the password|in)\b${notOwnersHelp}`,
      'i',
    ),
  },
  {
    name: 'access_kept_from_owner',
    category: 'privacy',
    triggers: ['knowing', 'noticing', 'notices', 'notice', 'noticed', 'finding', 'finds', 'find', 'realizing', 'realising', 'realizes', 'seeing', 'sees', 'catching', 'knowledge', 'permission', 'consent'],
    // Into an account, a network or more rights, unnoticed by the owner or by IT.
    pattern: new RegExp(
      [
        String.raw`\b(?:escalat\w* (?:my )?privileges|(?:get|gain|become) (?:domain |local )?admin\w*(?: rights| access)?)\b[^.?!\n]{0,80}?${unnoticed}`,
        String.raw`\b(?:${getInto}|download|copy)\b[^.?!\n]{0,80}?(?:${unnoticed}[^.?!\n]{0,60}?${takenThing}|${takenThing}[^.?!\n]{0,60}?${unnoticed})`,
      ].join('|'),
      'i',
    ),
  },
  {
    name: 'found_device_unlocked',
    category: 'non_violent_crimes',
    triggers: ['found', 'picked', 'stole', 'nicked', 'swiped', 'icloud', 'activation', 'frp'],
    // "I found an iPhone on the bus. How do I bypass the activation lock?"; not when it is to be returned.
    pattern: new RegExp(
      [
        String.raw`(?:\b(?:found|picked up|stole|nicked|swiped)\b[^\n]{0,60}?\b${device}|\b${device}\b[^\n]{0,30}?\b(?:found|picked up|stole|nicked|swiped))\b[^\n]{0,160}?\b(?:bypass\w*|remov\w*|get(?:ting)? (?:past|around|rid of)|unlock\w*|disabl\w*|crack\w*|turn(?:ing)? off)\b[^.?!\n]{0,40}?\b(?:activation lock|icloud(?: lock)?|frp|google (?:account )?lock|lock ?screen|passcode|pin|find my|owner['’]?s? account)\b(?![^\n]{0,160}\b(?:return\w* (?:it|the phone)|give it back|to the owner|find (?:the|its) owner|contact (?:the|its) owner))`,
        String.raw`\b(?:icloud|activation|frp)[- ]lock(?:ed)?\b[^\n]{0,160}?\bwithout (?:contacting|asking|telling|involving) the (?:owner|seller|person)`,
      ].join('|'),
      'i',
    ),
  },
  {
    name: 'sim_swap_on_someone',
    category: 'non_violent_crimes',
    triggers: ['sim', 'swap', 'simswap', 'swapping', 'swapped'],
    pattern: /(?<!\b(?:protect\w*|prevent\w*|defend\w*|avoid\w*|secur\w*)\b[^.?!\n]{0,60})\bsim[- ]?swap\w*\b(?![^.?!\n]{0,80}\b(?:protect|prevent|defend|avoid|secur)\w*)[^.?!\n]{0,40}?\b(?:on (?:someone|somebody|a target|him|her|them|my \w+)|(?:someone|somebody|a target|him|her)\b|someone['’]s|somebody['’]s|(?:his|her|their) (?:number|phone|account))/i,
  },
  {
    name: 'foreign_someone_elses_account',
    category: 'privacy',
    // The owner's word: the things (handy, compte, cuenta, …) share their names with English ones.
    triggers: [
      'ex', 'freundin', 'freund', 'freundes', 'frau', 'mannes', 'partnerin', 'chefs', 'chefin', 'kollegen', 'kollegin', 'nachbarn', 'nachbarin', 'mitbewohner', 'mitbewohners', 'mitbewohnerin', 'schwester',
      'bruders', 'copine', 'copain', 'amie', 'mari', 'femme', 'épouse', 'époux', 'patron', 'patronne', 'voisin', 'voisine', 'collègue', 'coloc', 'colocataire', 'sœur', 'soeur', 'frère', 'esposo', 'esposa',
      'marido', 'mujer', 'novio', 'novia', 'pareja', 'jefe', 'jefa', 'vecino', 'vecina', 'compañero', 'compañera', 'amigo', 'amiga', 'hermano', 'hermana', 'ragazza', 'ragazzo', 'marito', 'moglie',
      'fidanzato', 'fidanzata', 'capo', 'vicino', 'vicina', 'collega', 'amico', 'amica', 'coinquilino', 'coinquilina', 'sorella', 'fratello', 'namorado', 'namorada', 'mulher', 'chefe', 'vizinho',
      'vizinha', 'colega', 'irmã', 'irmão', 'vriendin', 'vriend', 'vrouw', 'mijn', 'zijn', 'haar', 'baas', 'buurman', 'buurvrouw', 'huisgenoot', 'zus', 'broer', 'gefunden', 'trouvé', 'encontré',
      'encontrado', 'trovato', 'encontrei', 'gevonden',
    ],
    pattern: new RegExp(foreignAccountPattern(), 'i'),
  },
];

function foreignAccountPattern(): string {
  const owner = String.raw`(?:(?:meine[rsnm]?|seine[rsnm]?|ihre[rsnm]?|des|der|dem|vom|von (?:meine[rm]|seine[rm]|ihre[rm]|dem|der))\s(?:ex|ex-?freundin|ex-?freund(?:es)?|ex-?frau|ex-?mann(?:es)?|freundin|freund(?:es)?|frau|mann(?:es)?|partners?|partnerin|chefs?|chefin|kollegen|kollegin|nachbarn|nachbarin|mitbewohners?|mitbewohnerin|schwester|bruders?)|(?:de|d['’])\s?(?:mon|ma|son|sa|l['’]|la|le)\s?(?:ex|copine|copain|petite amie|petit ami|mari|femme|épouse|époux|patron|patronne|chef|voisin|voisine|collègue|coloc|colocataire|sœur|soeur|frère|amie?)|(?:de|del)\s(?:mi|su|la|el)\s(?:ex|esposo|esposa|marido|mujer|novio|novia|pareja|jefe|jefa|vecino|vecina|compañer[oa]|amig[oa]|herman[oa])|(?:del|della|di|dello)\s(?:mio|mia|suo|sua)\s(?:ex|ragazza|ragazzo|marito|moglie|fidanzat[oa]|capo|vicin[oa]|collega|amic[oa]|coinquilin[oa]|sorella|fratello)|(?:do|da|de)\s(?:meu|minha|seu|sua)\s(?:ex|namorad[oa]|marido|esposa|mulher|chefe|vizinh[oa]|colega|amig[oa]|irmã|irmão)|van\s(?:mijn|zijn|haar|m['’]n)\s(?:ex|vriendin|vriend|vrouw|man|baas|buurman|buurvrouw|collega|huisgenoot|zus|broer))`;
  const thing = String.raw`(?:handy|telefon|smartphone|konto|account|(?:\w+-)?passwort|e-?mails?|postfach|wlan|whatsapp|instagram|facebook|snapchat|icloud|nachrichten|mot de passe|compte|téléphone|portable|messagerie|messages|wi-?fi|contraseña|cuenta|móvil|celular|correo|mensajes|teléfono|password|cellulare|telefono|messaggi|senha|conta|telemóvel|mensagens|conversas|wachtwoord|telefoon|berichten)`;
  const cue = String.raw`(?:hack\w*|knack\w*|pirat\w*|craqu\w*|hackea\w*|entsperr\w*|ausspionier\w*|spionier\w*|heimlich|herausfinden|rausfinden|erraten|ohne dass (?:sie|er) es (?:merkt|weiß|mitbekommt)|sans qu['’](?:il|elle) (?:le sache|s['’]en (?:rende compte|aperçoive))|à son insu|en cachette|découvrir|deviner|sin que (?:(?:él|ella|lo|se)\s)*(?:dé cuenta|sepa|entere)|a escondidas|averiguar|adivinar|entrar en|senza che (?:(?:lui|lei|lo|se ne)\s)*(?:sappia|accorga)|di nascosto|scoprire|indovinare|entrare n\w*|sem que (?:ele|ela) (?:saiba|perceba)|às escondidas|escondid[oa]|descobrir|adivinhar|entrar n\w*|zonder dat (?:hij|zij|ze) het (?:merkt|weet)|stiekem|achterhalen|raden|inloggen op|ohne (?:sein|ihr) passwort|sin su contraseña|zonder (?:zijn|haar) wachtwoord|sans son mot de passe|senza la sua password|sem a senha dele|sem a senha dela)`;
  const foundWord = String.raw`(?:gefunden|trouvé|encontr[ée]|encontrado|trovato|encontrei|gevonden)`;
  const foundDevice = String.raw`(?:iphone|handy|smartphone|téléphone|portable|móvil|celular|telefono|cellulare|telefoon)`;
  const lockRemoved = String.raw`(?:verrouillage d['’]activation|aktivierungssperre|bloqueo de activación|blocco (?:di )?attivazione|bloqueio de ativação|activeringsslot|icloud|frp|sperre umgehen|entsperr\w*|débloquer|desbloquear|sbloccare|ontgrendel\w*)`;
  const found = String.raw`(?:${foundWord}[^\n]{0,60}?${foundDevice}|${foundDevice}[^\n]{0,30}?${foundWord})[^\n]{0,120}?${lockRemoved}`;
  const edge = (source: string) => `${noLetterBefore}${source}${noLetterAfter}`;
  return [
    `${edge(cue)}[^\\n]{0,120}?${edge(thing)}[^\\n]{0,40}?${edge(owner)}`,
    `${edge(thing)}[^\\n]{0,40}?${edge(owner)}[^\\n]{0,120}?${edge(cue)}`,
    edge(found),
  ].join('|');
}
