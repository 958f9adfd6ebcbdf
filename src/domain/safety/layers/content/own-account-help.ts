/**
 * A request for help with the asker's own password, passcode or account: "How do I reset a forgotten
 * password on Windows 11?", "My Mac login password stopped working". The request head learnt account
 * takeover from requests that use the same words, and scores these just past its threshold; taken over, an
 * account is someone else's, and such requests name that someone, or how it is kept from them. A request
 * is read so only when it is short, names a credential, what is done with it (reset, recovered, forgotten)
 * and the asker's own things or a forgotten one, and names no one else, nothing stolen or found and no
 * covert or cracking method (see helpSoughtScore in content-detector.ts, which then lets only an unsure
 * score through). A request for help with someone else's login is read as help when its owner asked for it
 * or allowed it, with no covert or cracking method (isHelpAskedByOwner; ADR 0080). Every pattern is a list
 * of words, read in linear time.
 */

/** Longer texts are documents or several requests, not one question about one's own login. */
const longestRequest = 400;

const credential =
  /\b(?:passwords?|passwort|kennwort|passcodes?|pass code|pins?|login password|log-?in|sign-?in|apple id|lock ?screen|unlock pattern|2fa|two-factor|mot de passe|contraseña|wachtwoord|senha|palavra-passe|codice pin)\b/i;

/** What is done with it: recovered, reset, changed, set up; or it was forgotten, lost, stopped working. */
const credentialAction =
  /\b(?:reset\w*|recover\w*|retriev\w*|chang\w*|updat\w*|unlock\w*|remov\w*|turn off|disabl\w*|find|see|view|set up|setting up|enabl\w*|strengthen\w*|forgot|forgotten|forget|lost|locked out|get back in\w*|regain\w*|stopped working|not working|(?:doesn'?t|isn'?t|won'?t) work\w*|zurücksetzen|ändern|vergessen|réinitialiser|changer|oublié|restablecer|cambiar|olvidé|olvidado|reimpostare|cambiare|dimenticato|resetten|wijzigen|vergeten|redefinir|alterar|esqueci)\b/i;

const ownOrForgotten =
  /\b(?:my|mine|my own|i forgot|forgotten|forgot|forget|i set|locked out|lost|stopped working|can'?t remember|cannot remember|don'?t remember|mein|meine|meinen|meinem|vergessen|mon|ma|mes|oublié|mi|mis|olvidé|olvidado|olvidada|mio|mia|dimenticato|dimenticata|mijn|vergeten|meu|minha|esqueci)\b/i;

/** Someone else, something not the asker's, or a way of getting in that the owner would not know of. */
const anotherOrCovert =
  /\b(?:someone|somebody|some one|anyone'?s|another (?:person|user)|other (?:people|person|users?)|their|theirs|his|her|hers|him|them|they|ex|ex'?s|wife|husband|girlfriend|boyfriend|partner|spouse|boss|manager'?s|coworker|co-worker|colleague|neighbou?rs?|roommate|flatmate|sister|brother|mom|mum|dad|mother|father|son|daughter|kid'?s|child'?s|friend|friends|teacher|stranger|victim|target|celebrity|stolen|found|picked up|not mine|isn'?t mine|secretly|spy|spying|hack|hacking|hacked|crack|cracking|phish\w*|steal\w*|brute|keylog\w*|sniff\w*|intercept\w*|without (?:them|him|her|the owner|anyone|the user) (?:knowing|noticing)|activation lock|school'?s|university'?s|company'?s|employer'?s|work computer|jemand\w*|seine[mnrs]?|ihre[mnrs]?|quelqu'un|son|sa|ses|alguien|su|sus|qualcuno|suo|sua|iemand|zijn|haar|algu[eé]m|dele|dela)\b/i;

/** Whether `text` is one short request for help with the asker's own password, passcode or account. */
export function isOwnAccountHelp(text: string): boolean {
  return text.length <= longestRequest && credential.test(text) && credentialAction.test(text) && ownOrForgotten.test(text) && !anotherOrCovert.test(text);
}

/** The owner's own request or permission: "she asked me to", "gave me her password", "with his permission". */
const ownerAsked =
  /\b(?:(?:asked|asks|wants|wanted) me to|gave me (?:her|his|their) (?:password|login|passcode|pin|permission)|with (?:her|his|their) (?:permission|consent|okay|ok)|(?:on|in) (?:her|his|their) behalf|at (?:her|his|their) request)\b/i;
/** A covert or cracking way in, or something not the owner's to give. */
const covertOrCracking =
  /\b(?:secretly|without (?:him|her|them|the owner|anyone) (?:knowing|noticing)|hack\w*|crack\w*|phish\w*|steal\w*|stolen|brute|keylog\w*|sniff\w*|intercept\w*|spy\w*|snoop\w*|track\w*|found|picked up|ex|ex'?s|not mine|isn'?t mine|pretend\w*|impersonat\w*)\b/i;
const account = /\b(?:accounts?|e-?mails?|inbox|gmail|outlook|icloud|apple id|phone|iphone|ipad|tablet|laptop|computer|roblox|facebook|instagram|netflix|login|passwords?|passcodes?|pins?)\b/i;

/** Whether `text` is a short request for help with someone else's login that the owner asked for or allowed. */
export function isHelpAskedByOwner(text: string): boolean {
  return text.length <= longestRequest && account.test(text) && ownerAsked.test(text) && !covertOrCracking.test(text);
}
