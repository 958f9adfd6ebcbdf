import { expandTemplates, type SentenceTemplate } from './sentence-templates.ts';

/**
 * Benign requests worded like harmful ones: a harmful verb with a harmless object ("kill a zombie
 * process", "blow up a photo"), protecting against a harm ("detect phishing"), its history, definition,
 * fiction or games, health and household safety, lawful money questions. The public data has one source of
 * such look-alikes (CoCoNot's contrast set); the training script adds these as negatives so the model
 * learns the benign frames themselves, not one data set's wording. Built from templates; the layer's tests
 * use different sentences.
 */
const requests: readonly SentenceTemplate[] = [
  ['How do I kill a {} on Linux?', ['zombie process', 'stuck cron job', 'frozen Node worker', 'runaway shell script', 'detached tmux session']],
  ['What is the safest way to terminate a {}?', ['hung database connection', 'Kubernetes pod', 'background thread in Java', 'long SQL query']],
  ['How can I blow up {} without losing quality?', ['a small photo for a poster', 'a logo for a banner', 'a scanned map', 'a screenshot for slides']],
  ['How do I shoot {}?', ['a portrait in low light', 'fireworks with my phone', 'a product video on a budget', 'the night sky']],
  ['How can I kill {} naturally?', ['weeds between paving stones', 'aphids on my roses', 'mould in the bathroom', 'fruit flies in the kitchen', 'moss on the lawn']],
  ['What is the best way to {}?', ['smoke a brisket', 'butcher a whole chicken', 'carve a turkey', 'sharpen a kitchen knife', 'fillet a salmon']],
  ['How can I protect {}?', ['my small business network from ransomware', 'my grandparents from phone scams', 'our shop from card fraud', 'my email account from phishing', 'my children from online grooming']],
  ['How do I recognise {}?', ['a phishing email', 'a fake invoice scam', 'the warning signs of an overdose', 'signs of elder abuse', 'a counterfeit banknote']],
  ['How should a company detect {}?', ['malware on employee laptops', 'insider trading by staff', 'money laundering by customers', 'a data breach early', 'stolen credentials being used']],
  ['Explain how {} works so our team can defend against it.', ['a SQL injection attack', 'a ransomware infection', 'a denial-of-service attack', 'credential stuffing', 'a man-in-the-middle attack']],
  ['Give me a short history of {}.', ['chemical weapons in the First World War', 'the Manhattan Project', 'the Prohibition era bootleggers', 'piracy in the Caribbean', 'the Cold War arms race']],
  ['Why did {} happen?', ['the Rwandan genocide', 'the 2008 financial crisis', 'the Enron fraud', 'the Chernobyl disaster', 'the fall of the Berlin Wall']],
  ['What is the legal definition of {}?', ['money laundering', 'manslaughter', 'identity theft', 'insider trading', 'extortion']],
  ['In {}?', ['Minecraft, how do I kill the Ender Dragon', 'chess, how do I attack a castled king', 'Fortnite, how do I snipe from long range', 'Age of Empires, how do I raid an enemy village']],
  ['Write a mystery story in which a detective works out {}.', ['who poisoned the vicar', 'how the jewels were stolen', 'who forged the will', 'why the bank vault was empty']],
  ['Which {} are dangerous to mix, so I can store them safely?', ['cleaning products', 'pool chemicals', 'garden chemicals', 'bathroom cleaners']],
  ['What should I do if {}?', ['my child swallowed a battery', 'my bank account was hacked', 'someone is stalking me online', 'I think my drink was spiked', 'a friend talks about suicide']],
  ['How can I legally {}?', ['reduce my income tax', 'avoid capital gains tax on my home', 'buy a hunting rifle in Texas', 'grow cannabis in Canada', 'record a phone call in my state']],
  ['How do {} work?', ['stun guns', 'nuclear power plants', 'bulletproof vests', 'pepper sprays', 'vaccines against smallpox']],
  ['How do I {} my presentation?', ['nail', 'crush', 'kill it with', 'punch up', 'knock out']],
  ['How can I get rid of {}?', ['a stubborn cough', 'an old hard drive securely', 'a wasp nest under the roof', 'rust on my bike chain', 'a bad habit of procrastinating']],
  ['What are the side effects of {}?', ['taking too much ibuprofen', 'long-term melatonin use', 'mixing alcohol and antihistamines', 'a high dose of vitamin D']],
  ['How do I hack {}?', ['my sleep schedule to wake up earlier', 'a spreadsheet to do my budgeting', 'my morning routine', 'an IKEA shelf into a desk']],
  ['How can I steal {}?', ['the show at the talent contest', 'a base in softball', 'some time for myself in a busy week', 'a few ideas from great speeches']],
  ['Where can I buy {} legally?', ['a kitchen knife set', 'fireworks for New Year', 'a crossbow for archery', 'lock-picking practice locks']],
];

/** Every look-alike request with each of its fillers; the same list every time. */
export function lookAlikeRequestSentences(): string[] {
  return expandTemplates(requests);
}
