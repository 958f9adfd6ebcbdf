import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { AppConfig } from '../../config/app-config.ts';
import { redactSecrets } from './redact-secrets.ts';
import { RepeatedMessages, repeatSuffix } from './repeated-messages.ts';

/** pino's number for `warn`: warnings and errors recur in loops; lower levels are not collapsed. */
const warnLevel = 40;

export interface LoggerSettings {
  /** `auto`: coloured text when the destination is a terminal, JSON otherwise. */
  format?: AppConfig['logFormat'];
  /** The clock repeats are counted on (tests set it). */
  now?: () => number;
}

/**
 * The process's logger, on stdout (serving) or stderr (commands whose stdout is their output), or on a given
 * stream (always JSON). Identical warnings and errors within a minute are logged once, the next one with a
 * count of those left out (see RepeatedMessages).
 */
export function createLogger(level: AppConfig['logLevel'], destination: 1 | 2 | DestinationStream = 1, settings: LoggerSettings = {}): Logger {
  const repeats = new RepeatedMessages(settings.now);
  const options: LoggerOptions = {
    level,
    base: { service: 'agentapi' },
    // Secrets never reach the log, whatever a caller puts in a log call (see redactSecrets).
    formatters: { log: redactSecrets },
    hooks: {
      logMethod(args, method, levelNumber) {
        // A request's lines are its record, one per request: only the process's own loops are collapsed.
        if (levelNumber < warnLevel || 'reqId' in this.bindings()) return method.apply(this, args);
        const admitted = repeats.admit(`${levelNumber}\u0000${repeatKey(args)}`);
        if (!admitted) return;
        if (admitted.repeated === 0) return method.apply(this, args);
        return method.apply(this, withSuffix(args, repeatSuffix(admitted.repeated)));
      },
    },
  };
  if (typeof destination !== 'number') return pino(options, destination);
  if (prettyOutput(settings.format ?? 'auto', destination)) {
    return pino(options, pino.transport({ target: 'pino-pretty', options: { destination, colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' } }));
  }
  return pino(options, pino.destination({ dest: destination, sync: false }));
}

/** Whether lines go out as coloured text: forced by LOG_FORMAT, or because a person reads the terminal. */
export function prettyOutput(format: AppConfig['logFormat'], destination: 1 | 2): boolean {
  if (format !== 'auto') return format === 'pretty';
  return (destination === 1 ? process.stdout : process.stderr).isTTY === true;
}

type LogArguments = Parameters<pino.LogFn>;

/** What makes two log calls the same: their message and the message of the error they carry. */
function repeatKey(args: LogArguments): string {
  const [first, ...rest] = args as unknown[];
  if (typeof first === 'string') return first;
  const fields = (first ?? {}) as { err?: unknown; error?: unknown };
  const error = fields.err ?? fields.error ?? first;
  // Some drivers' errors are not Error instances; their message tells them apart all the same.
  const errorMessage = typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string' ? (error as { message: string }).message : '';
  return `${typeof rest[0] === 'string' ? rest[0] : ''}\u0000${errorMessage}`;
}

function withSuffix(args: LogArguments, suffix: string): LogArguments {
  const [first, ...rest] = args as unknown[];
  if (typeof first === 'string') return [`${first}${suffix}`, ...rest] as LogArguments;
  if (first instanceof Error) return [first, `${typeof rest[0] === 'string' ? rest[0] : first.message}${suffix}`, ...rest.slice(1)] as LogArguments;
  return [first, `${typeof rest[0] === 'string' ? rest[0] : ''}${suffix}`, ...rest.slice(1)] as LogArguments;
}
