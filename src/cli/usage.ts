import { keysUsage } from './commands/keys-command.ts';
import { playbookUsage } from './commands/playbook-command.ts';
import { runUsage } from './commands/run-command.ts';
import { runsUsage } from './commands/runs-command.ts';
import { usageCommandUsage } from './commands/usage-command.ts';
import { webhooksUsage } from './commands/webhooks-command.ts';

const lines = (text: string) => text.split('\n').slice(1).join('\n');

export const usage = `agentapi — the Agent Execution API

Usage:
  agentapi serve [--workers <n>]
                              start the HTTP server (the default; what npm start runs) in <n> worker
                              processes, 1 to 64 (default SERVER_WORKERS, or one per core); 1 is a
                              single process
  agentapi worker             execute playbook steps taken from Redis (needs REDIS_URL); no HTTP
  agentapi migrate [--json]   bring the database schema to the latest migration
${lines(keysUsage)}
${lines(webhooksUsage)}
${lines(runUsage)}
${lines(playbookUsage)}
${lines(runsUsage)}
${lines(usageCommandUsage)}
  agentapi help               show this text

Every command takes:
  --data-dir <dir>            use the SQLite database <dir>/agentapi.db (over DATABASE_URL)
  --debug                     show the stack trace of an unexpected failure

Every command says on standard error which database it uses. Only serve, worker, migrate and
keys create make a database that does not exist yet (and say so); the others refuse.
run, playbook, runs and usage act in this process as the account --user (create it with keys create).
Configuration comes from environment variables (and a .env file in the working directory);
see the README's configuration table.

Exit codes: 0 done; 1 the command failed (refused, not found, a run that failed); 2 a usage
mistake; 3 the database does not exist or is not migrated.`;
