import { keysUsage } from './commands/keys-command.ts';
import { webhooksUsage } from './commands/webhooks-command.ts';

export const usage = `agentapi — the Agent Execution API

Usage:
  agentapi serve              start the HTTP server (the default; what npm start runs)
  agentapi worker             execute playbook steps taken from Redis (needs REDIS_URL); no HTTP
  agentapi migrate            bring the database schema to the latest migration
${keysUsage.split('\n').slice(1).join('\n')}
${webhooksUsage.split('\n').slice(1).join('\n')}
  agentapi help               show this text

Configuration comes from environment variables (and a .env file in the working directory);
see the README's configuration table. The CLI uses the same DATABASE_URL as the server.`;
