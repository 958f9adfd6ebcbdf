import type { Logger } from 'pino';
import { KyselyWebhookDeliveryRepository } from '../adapters/db/repositories/webhook-delivery-repository.ts';
import { KyselyWebhookSecretRepository } from '../adapters/db/repositories/webhook-secret-repository.ts';
import { AesGcmSecretCipher } from '../adapters/secrets/aes-gcm-secret-cipher.ts';
import { loadSecretKey } from '../adapters/secrets/secret-key.ts';
import { systemClock } from '../adapters/system-clock.ts';
import { StandardWebhookSigner } from '../adapters/webhooks/standard-webhook-signer.ts';
import type { AppConfig } from '../config/app-config.ts';
import { packageVersion } from '../config/load-config.ts';
import { warnOfUndeliveredAttempts } from '../domain/webhooks/attempt-report.ts';
import { CallbackOutbox } from '../domain/webhooks/callback-outbox.ts';
import { RunCallbacks } from '../domain/webhooks/run-callbacks.ts';
import { SignedTriggerVerifier } from '../domain/webhooks/signed-trigger-verifier.ts';
import { WebhookDispatcher } from '../domain/webhooks/webhook-dispatcher.ts';
import { WebhookSecretService } from '../domain/webhooks/webhook-secret-service.ts';
import type { DestinationCheck, OutboundHttp } from '../ports/outbound-http.ts';
import type { Storage } from './build-storage.ts';

/** Webhooks both ways: the accounts' secrets, signed callbacks sent out, signed triggers let in. */
export interface Webhooks {
  secrets: WebhookSecretService;
  /** Sends stored deliveries, signed and retried. */
  dispatcher: WebhookDispatcher;
  /** Checks a run's callback address when it starts. */
  callbacks: RunCallbacks;
  /** Turns a finished run into its callback's delivery, stored with the run's end. */
  outbox: CallbackOutbox;
  triggerVerifier: SignedTriggerVerifier;
}

export function buildWebhooks(config: AppConfig, logger: Logger, dependencies: { storage: Storage; outbound: OutboundHttp & DestinationCheck; processOwner: string }): Webhooks {
  const { database, accounts } = dependencies.storage;
  const secrets = new WebhookSecretService({
    secrets: new KyselyWebhookSecretRepository(database.db),
    cipher: new AesGcmSecretCipher(loadSecretKey(config.webhookSecretKey)),
    accounts,
    clock: systemClock,
  });
  const secretOf = (accountId: string) => secrets.secretOf(accountId);
  const signer = new StandardWebhookSigner();
  const dispatcher = new WebhookDispatcher({
    deliveries: new KyselyWebhookDeliveryRepository(database.db),
    http: dependencies.outbound,
    signer,
    secretOf,
    clock: systemClock,
    options: {
      owner: dependencies.processOwner,
      retryScheduleSeconds: config.webhooks.retryScheduleSeconds,
      leaseMs: config.webhooks.leaseMs,
      timeoutMs: config.webhooks.timeoutMs,
      userAgent: `agentapi-webhooks/${packageVersion}`,
    },
    onAttempt: warnOfUndeliveredAttempts((fields, message) => logger.warn(fields, message)),
  });
  const callbacks = new RunCallbacks({ secretOf, destinations: dependencies.outbound });
  return {
    secrets,
    dispatcher,
    callbacks,
    outbox: new CallbackOutbox({ callbacks, dispatcher }),
    triggerVerifier: new SignedTriggerVerifier({ accounts, secretOf, signer, clock: systemClock }),
  };
}
