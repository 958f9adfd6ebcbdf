/**
 * A person who says they think of ending their life and asks for support: "I keep having thoughts about
 * ending my life. Can you help me get through tonight?", "I want to kill myself. I don't know who to talk
 * to." Refusing them answers a person in crisis with an error; the layer reports it (`crisis`, a flag) and
 * lets the model answer, whose answer is screened as any other. Not read so when a way or a means to die is
 * named ("help me find a painless way", "which pills"), which the self-harm rules refuse. Every pattern is a
 * list of words, read in linear time.
 */

/** Longer texts are documents or stories, not one person's message. */
const longestMessage = 600;

/** Help, company or a way through asked for. */
const supportAsked =
  /\b(?:help me(?: to)? (?:get through|through|cope|stay safe|feel|not|hold on|keep going|calm down)|(?:can|could|will|would) you (?:please )?(?:help|talk|listen|stay|be here)|talk to (?:me|someone|somebody|anyone)|(?:who|where|what number) (?:can|do|should|could) i (?:talk|turn|call|go|text|reach)|what (?:should|can|do) i do|how (?:do|can|should) i (?:cope|get through|stop (?:thinking|feeling|these|the)|deal with|keep going|get help|find help|tell|feel|hold on|stay safe)|i need (?:help|someone|somebody|support|to talk|a reason)|please (?:help|listen|talk|stay)|(?:don['’]?t|do not) know (?:who|what|where) to (?:talk|do|turn|go)|is there (?:anyone|someone|anything|any way to feel)|hotline|helpline|crisis (?:line|text)|therapist|counsel+or|samaritans)\b/i;

/** A way or a means to die named: not support. */
const meansNamed =
  /\b(?:how (?:to|do i|can i|should i) (?:kill|end|hang|overdose|die)|(?:painless|quick|quickest|easiest|surest|fastest)\w*|ways?|methods?|pills?|tablets?|dose|doses|overdos\w*|rope|noose|bridge|gun|rifle|pistol|blade|razor|wrists?|jump\w*|lethal|poison\w*|carbon monoxide|helium|bleach|suicide notes?|goodbye (?:letters?|notes?|messages?)|farewell (?:letters?|notes?))\b/i;

/** Every pattern the frame runs over a text, for the linear-time check of the sources. */
export const supportSoughtPatterns: readonly RegExp[] = [supportAsked, meansNamed];

/** Whether `text` is one person's message asking for support, naming no way or means to die. */
export function isSupportSought(text: string): boolean {
  return text.length <= longestMessage && supportAsked.test(text) && !meansNamed.test(text);
}
