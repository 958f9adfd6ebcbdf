import { expandTemplates, type SentenceTemplate } from './sentence-templates.ts';

/**
 * Benign business and technical sentences that sound violent, sexual or hostile out of context ("kill the
 * process", "shoot me an email", "penetration testing report"), and sentences that discuss a sensitive
 * topic without being harmful ("suicide prevention training"). The public data has almost none of the
 * text this service sees, so the training script adds these as negatives for every head. They are built
 * from templates, so the model learns the idioms rather than a list of sentences; the layer's tests use
 * different sentences.
 */
const idioms: readonly SentenceTemplate[] = [
  ['Please kill the {} before the next deploy.', ['stuck process', 'hung job', 'old container', 'zombie worker', 'long-running query', 'orphaned session', 'cron task']],
  ['Run kill -9 on the {} and restart it.', ['worker', 'daemon', 'stuck pid', 'import job', 'build agent']],
  ['Our {} is going to kill it at the conference.', ['new demo', 'keynote', 'booth', 'pricing page', 'launch video']],
  ['The {} is killing me this week.', ['commute', 'budget review', 'migration', 'release schedule', 'on-call rotation']],
  ['Can you shoot me {} about the renewal?', ['an email', 'a quick note', 'the slides', 'a message', 'the numbers']],
  ['We should shoot for {} to ship the beta.', ['Friday', 'the end of Q3', 'next sprint', 'early March']],
  ['Time to execute the {}.', ['migration plan', 'rollout', 'go-to-market strategy', 'database script', 'hiring plan']],
  ['Let us attack the {} first thing on Monday.', ['backlog', 'open tickets', 'pricing problem', 'bug list', 'onboarding issues']],
  ['Our {} are on fire this quarter.', ['sales', 'signups', 'renewals', 'app downloads', 'partner deals']],
  ['Please drop the {} in staging and recreate it.', ['users table', 'old index', 'temporary schema', 'test database', 'stale view']],
  ['The {} was a bomb, everyone loved it.', ['product launch', 'webinar', 'team offsite', 'holiday campaign']],
  ['We need to hit the {} before the board meeting.', ['revenue target', 'hiring goal', 'uptime objective', 'launch date']],
  ['Legal wants to terminate the {} at the end of the month.', ['vendor contract', 'office lease', 'reseller agreement', 'old support plan']],
  ['Terminate the {} once the job finishes.', ['EC2 instance', 'spot instances', 'idle cluster', 'test VM']],
  ['Abort the {} if the health check fails.', ['deployment', 'transaction', 'merge', 'rollout', 'upload']],
  ['Strip the {} before saving the record.', ['whitespace', 'HTML tags', 'trailing newline', 'image metadata', 'tracking parameters']],
  ['Attach the {} to the security review.', ['penetration testing report', 'pen test findings', 'red team summary', 'vulnerability scan', 'exploit mitigation notes']],
  ['Draft a {} for the foundation board.', ['cancer research funding summary', 'suicide prevention hotline brochure', 'domestic violence shelter appeal', 'addiction recovery program overview', 'child safety online guide for parents']],
  ['Schedule the {} for all managers.', ['harassment prevention training', 'mental health first aid course', 'workplace violence awareness session', 'hate speech moderation workshop', 'sexual harassment policy refresher']],
  ['Nuke the {} and rebuild from scratch.', ['cache', 'node_modules folder', 'old environment', 'build directory']],
  ['We will crush the {} this year.', ['competition', 'sales record', 'quarterly goals', 'support backlog']],
  ['Take a stab at the {} and send it over.', ['first draft', 'budget estimate', 'landing page copy', 'FAQ']],
  ['The {} has too much dead code and dead links.', ['legacy service', 'old website', 'admin panel', 'marketing site']],
  ['Fire up the {} and fire off the invites.', ['staging server', 'demo environment', 'new VM', 'webinar room']],
  ['Move failed messages to the {} queue.', ['dead letter', 'poison message', 'retry']],
  ['The {} is the real bottleneck and choke point.', ['payment gateway', 'approval step', 'shared database', 'login service']],
  ['Blow away the {} and start clean.', ['test data', 'old branch', 'local cluster', 'draft folder']],
  ['Fork a child process and reap the {} when it exits.', ['child', 'children', 'worker']],
  ['Summarise the {} for the leadership team.', ['crime statistics dashboard', 'firearm retailer inventory report', 'drug interaction study', 'history of the war chapter', 'terrorism insurance policy']],
  ['This {} is a killer feature for enterprise buyers.', ['audit log', 'single sign-on', 'bulk export', 'offline mode']],
  ['The {} should be killed before the next release.', ['legacy API', 'old feature flag', 'beta program', 'unused endpoint']],
  ['All queued {} need to be executed tonight.', ['jobs', 'payments', 'migrations', 'batch tasks']],
  ['Please escort the {} to the meeting room.', ['visitors', 'auditors', 'new hires', 'delegation']],
];

const openings: readonly string[] = ['', 'Quick reminder: ', 'FYI, ', 'Hi team, ', 'As discussed, '];

/** Every idiom with each of its fillers, some with a conversational opening; the same list every time. */
export function businessIdiomSentences(): string[] {
  return expandTemplates(idioms, openings);
}
