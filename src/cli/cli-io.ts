/** Where commands write: standard output for results, standard error for messages. */
export interface CliIo {
  /** A line of output. */
  out(text: string): void;
  /** Output as it comes, without a line end (streamed text, a progress display). */
  write(text: string): void;
  /** A line of message. */
  error(text: string): void;
  /** Whether a person watches standard output (a live display), rather than a file or a pipe. */
  readonly outIsTerminal: boolean;
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  write: (text) => process.stdout.write(text),
  error: (text) => process.stderr.write(`${text}\n`),
  outIsTerminal: process.stdout.isTTY === true,
};

/** A usage mistake: the message is shown with the command's help, and the exit code is 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
