import { writeFileSync } from 'node:fs';
import { agentDocsPath, loadCatalogFiles, renderAgentDocs } from './agent-docs.ts';

writeFileSync(agentDocsPath, renderAgentDocs(loadCatalogFiles()));
console.log(`wrote ${agentDocsPath}`);
