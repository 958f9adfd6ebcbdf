import { h, replaceChildren } from '../app/dom.ts';
import type { PageContext } from '../app/router.ts';
import { withApiKey } from '../components/sign-in.ts';
import { webhookDeliveriesSection } from '../components/webhook-deliveries.ts';
import { webhookSecretSection } from '../components/webhook-secret.ts';

/** The account's webhooks: its signing secret (made or rotated, shown once) and the log of its deliveries. */
export async function webhooksPage(root: HTMLElement, context: PageContext): Promise<void> {
  context.setTitle('Webhooks');
  await withApiKey(root, 'Webhooks', () => {
    replaceChildren(
      root,
      h('h1', null, 'Webhooks'),
      h('p', { className: 'lead' }, 'Runs started with a ', h('code', null, 'callbackUrl'), ' report their outcome to it, signed with this account’s secret.'),
      h('div', { className: 'stack' }, webhookSecretSection(context.signal), webhookDeliveriesSection(context.signal)),
    );
  });
}
