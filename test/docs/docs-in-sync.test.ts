import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentDocsPath, loadCatalogFiles, loadOriginalAgentIds, renderAgentDocs } from '../../scripts/agent-docs.ts';
import { environmentSchema } from '../../src/config/config-schema.ts';
import { packageRoot } from '../../src/config/load-config.ts';
import { errorCodes } from '../../src/domain/errors.ts';
import { statusByCode } from '../../src/http/errors/status-by-code.ts';

describe('documentation', () => {
  it('docs/agents.md matches the catalog (run `npm run docs:agents` after changing an agent)', () => {
    expect(readFileSync(agentDocsPath, 'utf8')).toBe(renderAgentDocs(loadCatalogFiles(), loadOriginalAgentIds()));
  });

  it('the README configuration table names every environment variable the service reads', () => {
    const readme = readFileSync(join(packageRoot, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'));
    const missing = Object.keys(environmentSchema.shape).filter((name) => !table.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });

  it('the error table of docs/api.md lists every error code with its status', () => {
    const api = readFileSync(join(packageRoot, 'docs/api.md'), 'utf8');
    const table = api.slice(api.indexOf('## Errors'), api.indexOf('## Limits'));
    const missing = errorCodes.filter((code) => !table.includes(`| ${statusByCode[code]} | \`${code}\` |`));
    expect(missing).toEqual([]);
  });
});
