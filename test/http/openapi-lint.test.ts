import { describe, expect, it } from 'vitest';
import { lintServedDocument } from '../../scripts/openapi/lint-openapi.ts';
import { servedOpenApiDocument } from '../../scripts/openapi/served-document.ts';

describe('the served OpenAPI document under the recommended Redocly rules', () => {
  it('has no error and no warning', async () => {
    const outcome = await lintServedDocument();
    expect(outcome.output).toContain('valid');
    expect(outcome.ok, outcome.output).toBe(true);
  });

  it('fails on a warning, here an operation without its operationId', async () => {
    const document = (await servedOpenApiDocument()) as { paths: Record<string, Record<string, { operationId?: string }>> };
    delete document.paths['/api/runs']!.get!.operationId;
    const outcome = await lintServedDocument(document);
    expect(outcome.ok).toBe(false);
    expect(outcome.output).toContain('operation-operationId');
  });
});
