import { expandTemplates, type SentenceTemplate } from './sentence-templates.ts';

/**
 * Swearing in the everyday language of this service's users, for training. The public data's profanity is
 * almost all tweets (Davidson) and its harassment almost all comments about people (Surge), so a model
 * learns "tweet = profanity, anything else = harassment" and would refuse an office worker cursing at a
 * printer. These pairs teach the difference the policy draws instead: swearing at a thing or a situation is
 * profanity (flagged, never refused), the same words aimed at a person are harassment (refused). The
 * layer's tests use different sentences.
 *
 * The sentences necessarily spell out swear words; they are data, not text the service produces.
 */
const atThings: readonly SentenceTemplate[] = [
  ['Shit, the {} is down again.', ['VPN', 'build server', 'staging site', 'payroll export', 'office wifi']],
  ['This damn {} keeps crashing.', ['laptop', 'spreadsheet', 'CI runner', 'video call app', 'label printer']],
  ['The fucking {} timed out for the third time today.', ['upload', 'database query', 'payment API', 'nightly backup']],
  ['What the hell happened to the {}?', ['dashboard numbers', 'shared drive', 'release branch', 'invoice template']],
  ['Holy shit, our {} are through the roof.', ['signups', 'cloud costs', 'support tickets', 'preorders']],
  ['I fucking love the {}.', ['new onboarding flow', 'redesigned homepage', 'quarterly results', 'new espresso machine']],
  ['The {} is a total shitshow right now.', ['release process', 'hiring pipeline', 'shared inbox', 'sprint board']],
  ['Fuck, I forgot to {}.', ['attach the deck', 'book the meeting room', 'send the invoice', 'push my changes']],
  ['The new {} is such bullshit.', ['expense policy', 'parking rule', 'login flow', 'approval process']],
  ['That goddamn {} ate my whole afternoon.', ['merge conflict', 'tax form', 'flaky test', 'firmware update']],
  ['Crap, the {} went out with a typo.', ['newsletter', 'press release', 'price list', 'offer letter']],
  ['So pissed that the {} slipped again.', ['launch date', 'hardware delivery', 'contract signing', 'data migration']],
  // Exclamations on their own, as a chat message or a field of a form.
  ['{}!', ['Fuck', 'Shit', 'Damn it', 'Crap', 'Holy shit', 'Oh hell', 'Goddammit', 'Bullshit', 'Fuck me', 'Shitty']],
];

const atPeople: readonly SentenceTemplate[] = [
  ['You are a {} and everyone on the team knows it.', ['useless idiot', 'fucking moron', 'pathetic loser', 'worthless clown']],
  ['Shut up, you {}.', ['stupid bitch', 'dumbass', 'fucking idiot', 'pathetic creep']],
  ['Our new manager is a {} and should be fired.', ['brainless moron', 'lying piece of shit', 'useless prick', 'total asshole']],
  ['Tell that {} in accounting to get lost.', ['fat idiot', 'dumb bitch', 'lazy moron', 'worthless jerk']],
  ['{}!', ['Fuck you', 'Screw you', 'You idiot', 'You moron', 'Shut up, bitch', 'Eat shit']],
];

/** Swearing at things and situations: profanity only. */
export function swearingAtThings(): string[] {
  return expandTemplates(atThings);
}

/** The same kind of words aimed at a person: harassment. */
export function insultsAtPeople(): string[] {
  return expandTemplates(atPeople);
}
