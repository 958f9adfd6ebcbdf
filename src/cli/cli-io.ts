/** Where commands write: standard output for results, standard error for messages. */
export interface CliIo {
  out(text: string): void;
  error(text: string): void;
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  error: (text) => process.stderr.write(`${text}\n`),
};

/** A usage mistake: the message is shown with the command's help, and the exit code is 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
