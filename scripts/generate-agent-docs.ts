import { writeFileSync } from 'node:fs';
import { agentDocsPath, loadCatalogFiles, loadOriginalAgentIds, renderAgentDocs } from './agent-docs.ts';

writeFileSync(agentDocsPath, renderAgentDocs(loadCatalogFiles(), loadOriginalAgentIds()));
console.log(`wrote ${agentDocsPath}`);
