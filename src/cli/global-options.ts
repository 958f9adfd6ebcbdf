import { UsageError } from './cli-io.ts';

/** Options every command takes, wherever they appear on the line. */
export interface GlobalOptions {
  /** `--data-dir <dir>`: the SQLite database `<dir>/agentapi.db`, whatever DATABASE_URL says. */
  dataDir: string | undefined;
  /** `--debug`: an unexpected failure is shown with its stack trace. */
  debug: boolean;
  /** The command line without them. */
  args: string[];
}

/** Takes the global options out of a command line; the rest is the command and its own options. */
export function takeGlobalOptions(argv: readonly string[]): GlobalOptions {
  const args: string[] = [];
  let dataDir: string | undefined;
  let debug = false;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? '';
    if (argument === '--') {
      args.push(...argv.slice(index));
      break;
    }
    if (argument === '--debug') {
      debug = true;
    } else if (argument === '--data-dir') {
      dataDir = argv[index + 1];
      if (dataDir === undefined || dataDir.startsWith('--') || dataDir === '') throw new UsageError('--data-dir needs a folder');
      index += 1;
    } else if (argument.startsWith('--data-dir=')) {
      dataDir = argument.slice('--data-dir='.length);
      if (dataDir === '') throw new UsageError('--data-dir needs a folder');
    } else {
      args.push(argument);
    }
  }
  return { dataDir, debug, args };
}
