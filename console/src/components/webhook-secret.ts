import { announce } from '../app/announce.ts';
import { h, replaceChildren } from '../app/dom.ts';
import { formatTime } from '../app/format.ts';
import { confirmDialog } from './confirm-dialog.ts';
import { runBusy } from './busy-action.ts';
import { secretReveal } from './secret-reveal.ts';
import { rotateWebhookSecret } from './webhook-api.ts';

/**
 * The account's signing secret: made or replaced on request, after a confirmation, and shown once. The API
 * cannot show an existing secret, so this section cannot say whether one exists until it makes one.
 */
export function webhookSecretSection(signal: AbortSignal): HTMLElement {
  const result = h('div', { className: 'secret-result' });
  const button = h('button', { type: 'button', className: 'button primary' }, 'Create or rotate secret');
  button.addEventListener('click', () => {
    void (async () => {
      const confirmed = await confirmDialog({
        title: 'Make a new signing secret?',
        body: [
          h('p', null, 'If this account already has a secret, the new one replaces it ', h('strong', null, 'at once'), ': the old secret stops verifying immediately, with no grace period.'),
          h('p', null, 'From then on deliveries are signed with the new secret, and signed triggers must be signed with it. Update your receivers and senders right after.'),
        ],
        confirmLabel: 'Make new secret',
        danger: true,
        signal,
      });
      if (!confirmed) return;
      replaceChildren(result, h('p', { className: 'loading', role: 'status' }, 'Making a new secret…'));
      await runBusy(button, result, signal, async () => {
        const rotated = await rotateWebhookSecret(signal);
        replaceChildren(
          result,
          h('h3', { tabindex: -1 }, rotated.rotated ? 'New secret (the previous one no longer verifies)' : 'Your first signing secret'),
          secretReveal({
            label: 'New signing secret',
            secret: rotated.secret,
            intro: ['Made ', h('time', { datetime: rotated.createdAt }, formatTime(rotated.createdAt)), '. Give it to the receivers of your callbacks and to whatever signs your triggers.'],
          }),
        );
        announce(rotated.rotated ? 'A new signing secret replaced the old one. Copy it now: it will not be shown again.' : 'Signing secret made. Copy it now: it will not be shown again.');
        result.querySelector<HTMLElement>('h3')?.focus();
      });
    })();
  });
  return h(
    'section',
    { className: 'card stack section-card', 'aria-labelledby': 'webhook-secret-heading' },
    h('h2', { id: 'webhook-secret-heading' }, 'Signing secret'),
    h('p', null, 'Callbacks this service sends you are signed with your account’s ', h('code', null, 'whsec_…'), ' secret, and a trigger can be signed with it instead of sending an API key. The service stores it encrypted and shows it only once, when it is made.'),
    h('div', { className: 'actions' }, button),
    result,
    verifyHelp(),
  );
}

/** How a receiver checks a delivery: the Standard Webhooks headers, in short, with the reference. */
function verifyHelp(): HTMLElement {
  return h(
    'details',
    { className: 'verify-help' },
    h('summary', null, 'How to verify a signature'),
    h(
      'div',
      { className: 'stack' },
      h('p', null, 'Every delivery carries the Standard Webhooks headers:'),
      h(
        'ul',
        null,
        h('li', null, h('code', null, 'webhook-id'), ': the delivery id, the same on every attempt (use it to ignore repeats);'),
        h('li', null, h('code', null, 'webhook-timestamp'), ': Unix seconds; refuse a message older than a few minutes;'),
        h('li', null, h('code', null, 'webhook-signature'), ': ', h('code', null, 'v1,<base64>'), ', the HMAC-SHA256 of ', h('code', null, 'id.timestamp.body'), ' keyed with the base64-decoded part of the secret after ', h('code', null, 'whsec_'), '. Compare it in constant time over the exact bytes received.'),
      ),
      h('p', null, 'Any Standard Webhooks library does all of this: ', h('code', null, 'new Webhook(secret).verify(body, headers)'), '. Triggers are signed the same way, with ', h('code', null, '?account=<your account id>'), ' and a timestamp within 5 minutes.'),
      h('p', null, 'See the webhooks section of the ', h('a', { href: '/docs#/webhooks' }, 'API reference'), '.'),
    ),
  );
}
