import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogFiles, loadOriginalAgentIds } from '../../scripts/agent-docs.ts';
import { originalIdRows } from '../../scripts/original-agent-ids.ts';
import { readYamlFolder } from '../../src/adapters/catalog/yaml-files.ts';
import { packageRoot } from '../../src/config/load-config.ts';
import { buildPlaybookCatalog } from '../../src/domain/playbooks/playbook-catalog.ts';

/** The ids clients of the original service send, committed with the catalog (catalog/original-service-agent-ids.txt). */
const originalIds = loadOriginalAgentIds();
const catalog = loadCatalogFiles();
const playbooks = buildPlaybookCatalog(readYamlFolder(join(packageRoot, 'catalog/playbooks')), catalog);
const rows = originalIdRows(catalog, originalIds);
const kindOf = (id: string) => rows.find((row) => row.id === id)?.kind;

describe('the agent ids of the original service', () => {
  it('are the 137 ids of its documentation, each once', () => {
    expect(originalIds).toHaveLength(137);
    expect(new Set(originalIds).size).toBe(137);
  });

  it('each name an agent, an alias of one, or a retired id that answers 410: none is left to a 404', () => {
    expect(rows.filter((row) => row.kind === 'unknown').map((row) => row.id)).toEqual([]);
  });

  it('are the only ids retired: the file invents none', () => {
    expect(catalog.retirements().map((entry) => entry.id).filter((id) => !originalIds.includes(id))).toEqual([]);
  });

  it('that are playbooks here point to the playbook', () => {
    const playbookIds = originalIds.filter((id) => playbooks.find(id) && !catalog.find(id));
    expect(playbookIds).toContain('ghost-fleet');
    for (const id of playbookIds) expect(catalog.retirement(id)?.replacement, id).toEqual({ playbook: id });
  });

  it('keep the decisions recorded for them', () => {
    expect(rows.filter((row) => row.kind === 'agent')).toHaveLength(56);
    expect(rows.filter((row) => row.kind === 'alias')).toHaveLength(17);
    expect(rows.filter((row) => row.kind === 'gone')).toHaveLength(64);
    expect(catalog.find('competitor')?.id).toBe('competitor-scan');
    expect(catalog.find('voicechat')?.id).toBe('voice-chat');
    // Tasks that need media models the service does not have are not offered, and nothing stands in for them.
    for (const id of ['ocr', 'florence-ocr', 'vision', 'vision-analyze', 'visual-reason', 'voice-synth', 'asr', 'meeting-transcriber', 'image-gen', 'video-gen']) {
      expect(kindOf(id), id).toBe('gone');
      expect(catalog.retirement(id)?.replacement, id).toBeUndefined();
    }
    // An alias must do the task its name promises: omni-search answers from the model's knowledge, not from search results.
    expect(kindOf('grounded-search')).toBe('gone');
  });
});
