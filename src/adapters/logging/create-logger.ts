import pino, { type DestinationStream, type Logger } from 'pino';
import type { AppConfig } from '../../config/app-config.ts';
import { redactSecrets } from './redact-secrets.ts';

/**
 * The process's JSON logger, on stdout (serving) or stderr (commands whose stdout is their output), or on
 * a given stream.
 */
export function createLogger(level: AppConfig['logLevel'], destination: 1 | 2 | DestinationStream = 1): Logger {
  return pino(
    {
      level,
      base: { service: 'agentapi' },
      // Secrets never reach the log, whatever a caller puts in a log call (see redactSecrets).
      formatters: { log: redactSecrets },
    },
    typeof destination === 'number' ? pino.destination({ dest: destination, sync: false }) : destination,
  );
}
