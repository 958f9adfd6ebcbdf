import type { Route } from './app/router.ts';
import { adminPage } from './pages/admin.ts';
import { agentPage } from './pages/agent.ts';
import { agentsPage } from './pages/agents.ts';
import { modelsPage } from './pages/models.ts';
import { playbookPage } from './pages/playbook.ts';
import { playbooksPage } from './pages/playbooks.ts';
import { runPage } from './pages/run.ts';
import { runsPage } from './pages/runs.ts';
import { usagePage } from './pages/usage.ts';
import { webhooksPage } from './pages/webhooks.ts';

/** The console's navigation, in order. */
export const sections = [
  { section: 'agents', label: 'Agents', path: '/agents' },
  { section: 'playbooks', label: 'Playbooks', path: '/playbooks' },
  { section: 'runs', label: 'Runs', path: '/runs' },
  { section: 'usage', label: 'Usage', path: '/usage' },
  { section: 'webhooks', label: 'Webhooks', path: '/webhooks' },
  { section: 'models', label: 'Models', path: '/models' },
  { section: 'admin', label: 'Admin', path: '/admin' },
] as const;

export const routes: readonly Route[] = [
  { pattern: '/agents', page: agentsPage, section: 'agents' },
  { pattern: '/agents/:agent', page: agentPage, section: 'agents' },
  { pattern: '/playbooks', page: playbooksPage, section: 'playbooks' },
  { pattern: '/playbooks/:playbook', page: playbookPage, section: 'playbooks' },
  { pattern: '/runs', page: runsPage, section: 'runs' },
  { pattern: '/runs/:runId', page: runPage, section: 'runs' },
  { pattern: '/usage', page: usagePage, section: 'usage' },
  { pattern: '/webhooks', page: webhooksPage, section: 'webhooks' },
  { pattern: '/models', page: modelsPage, section: 'models' },
  { pattern: '/admin', page: adminPage, section: 'admin' },
];
