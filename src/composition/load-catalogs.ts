import { join } from 'node:path';
import { readYamlFile, readYamlFolder } from '../adapters/catalog/yaml-files.ts';
import { readSafetyModels } from '../adapters/safety/safety-model-files.ts';
import type { AppConfig } from '../config/app-config.ts';
import { buildAgentCatalog, type AgentCatalog } from '../domain/agents/agent-catalog.ts';
import { buildPlaybookCatalog, type PlaybookCatalog } from '../domain/playbooks/playbook-catalog.ts';
import { buildPlanTables, type PlanTables } from '../domain/quotas/plan-table.ts';
import { buildModelRegistry, type ModelRegistry } from '../domain/routing/model-registry.ts';
import { toolDescriptorMap } from '../domain/tools/tool-registry.ts';

/** The data files the service runs on, read and validated once. */
export interface Catalogs {
  agents: AgentCatalog;
  playbooks: PlaybookCatalog;
  registry: ModelRegistry;
  plans: PlanTables;
  safetyModels: ReturnType<typeof readSafetyModels>;
}

/** Reads the agents (and the retired agent ids), playbooks, models, plans and safety models; anything invalid fails here, before serving. */
export function loadCatalogs(config: AppConfig): Catalogs {
  const agents = buildAgentCatalog(
    readYamlFolder(join(config.paths.catalogDir, 'agents')).map((file) => ({ origin: file.origin, content: file.content })),
    toolDescriptorMap(),
    readYamlFile(join(config.paths.catalogDir, 'retired-agents.yaml')),
  );
  const playbooks = buildPlaybookCatalog(readYamlFolder(join(config.paths.catalogDir, 'playbooks')), agents);
  const registryFile = readYamlFile(join(config.paths.catalogDir, 'models.yaml'));
  const plansFile = readYamlFile(config.paths.plansFile);
  return {
    agents,
    playbooks,
    registry: buildModelRegistry(registryFile.content, registryFile.origin),
    plans: buildPlanTables(plansFile.content, plansFile.origin),
    safetyModels: readSafetyModels(config.paths.catalogDir),
  };
}
