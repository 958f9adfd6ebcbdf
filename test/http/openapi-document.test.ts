import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationFacts } from '../../src/http/openapi/operations.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';

/** The document as parsed JSON, read field by field. */
type JsonObject = ReturnType<typeof JSON.parse>;
const methods = ['get', 'put', 'post', 'delete', 'patch'];

function operationsOf(document: JsonObject): Array<{ key: string; operation: JsonObject }> {
  return Object.entries<JsonObject>(document.paths).flatMap(([path, item]) =>
    methods.filter((method) => item[method]).map((method) => ({ key: `${method.toUpperCase()} ${path}`, operation: item[method] as JsonObject })),
  );
}

describe('the served OpenAPI document — happy paths', () => {
  let testApp: TestApp;
  let document: JsonObject;
  beforeAll(async () => {
    testApp = await startTestApp({ databaseUrl: freshSqliteUrl(), workers: false });
    document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(async () => testApp.close());

  it('gives every operation a unique camelCase operationId and tags, and lists every operation in the table', () => {
    const operations = operationsOf(document);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][a-zA-Z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter(({ operation }) => !(operation.tags?.length > 0))).toEqual([]);
    expect(operations.map(({ key }) => key).sort()).toEqual(Object.keys(operationFacts).sort());
    expect(document.paths['/api/runs/{runId}'].get.operationId).toBe('getRun');
  });

  it('names the servers and the security of each operation: public, API key, admin token, metrics token, trigger signature', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['adminToken', 'bearerAuth', 'metricsToken', 'webhookSignature']);
    expect(document.paths['/api/agents'].get.security).toEqual([]);
    expect(document.paths['/api/free/run'].post.security).toEqual([]);
    expect(document.paths['/api/runs'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/admin/keys'].get.security).toEqual([{ adminToken: [] }]);
    expect(document.paths['/metrics'].get.security).toEqual([{ metricsToken: [] }, {}]);
    expect(document.paths['/api/webhooks/trigger'].post.security).toEqual([{ bearerAuth: [] }, { webhookSignature: [] }]);
  });

  it('gives every response its headers and an example; metered, refused, throttled and wrong-method answers add theirs', () => {
    for (const { operation } of operationsOf(document)) {
      for (const [status, response] of Object.entries<JsonObject>(operation.responses)) {
        expect(response.headers['X-Request-Id']).toEqual({ $ref: '#/components/headers/RequestId' });
        expect(response.headers['X-Response-Time']).toEqual({ $ref: '#/components/headers/ResponseTime' });
        if (status === '429' || status === '503') expect(response.headers['Retry-After']).toEqual({ $ref: '#/components/headers/RetryAfter' });
        if (status === '405') expect(response.headers.Allow).toEqual({ $ref: '#/components/headers/Allow' });
        for (const media of Object.values(response.content ?? {}) as JsonObject[]) expect(media.example).toBeDefined();
      }
      expect(operation.responses['405']).toBeDefined();
    }
    const runAgent = document.paths['/api/agents/{agent}'].post;
    expect(Object.keys(runAgent.responses['200'].headers)).toEqual(expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit-Policy', 'RateLimit']));
    expect(runAgent.responses['429'].content['application/json'].example).toMatchObject({ success: false, code: 'quota_exceeded' });
    expect(document.paths['/api/free/run'].post.responses['200'].headers['X-Free-Remaining']).toEqual({ $ref: '#/components/headers/FreeRemaining' });
    expect(document.paths['/api/runs'].get.responses['200'].headers['X-RateLimit-Limit']).toBeUndefined();
  });

  it('refers to shared components instead of inlining the error, run and started-run envelopes', () => {
    const getRun = document.paths['/api/runs/{runId}'].get;
    expect(getRun.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/RunEnvelope' });
    expect(getRun.responses['404'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
    expect(document.paths['/api/webhooks/trigger'].post.responses['202'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/StartedRun' });
    expect(document.components.schemas).toHaveProperty('RunEvent');
  });

  it("types an agent run's data per agent of the surface's catalog, told apart by meta.agent", () => {
    const { schemas } = document.components;
    const apiBranches = document.paths['/api/agents/{agent}'].post.responses['200'].content['application/json'].schema.anyOf;
    const v1Branches = document.paths['/api/v1/agents/{agent}'].post.responses['200'].content['application/json'].schema.anyOf;
    const apiAgents = testApp.container.services.catalog.list('api');
    const v1Agents = testApp.container.services.catalog.list('v1');
    expect(apiBranches).toHaveLength(apiAgents.length);
    expect(v1Branches).toHaveLength(v1Agents.length);
    expect(v1Agents.length).toBeLessThan(apiAgents.length);
    const leads = schemas.LeadsAgentRun;
    expect(leads['x-agent-id']).toBe('leads');
    expect(leads.properties.meta.properties.agent).toEqual({ type: 'string', const: 'leads' });
    expect(leads.properties.data).toEqual({ $ref: '#/components/schemas/LeadsAgentOutput' });
    expect(schemas.LeadsAgentOutput.properties.model).toMatchObject({ type: 'string' });
    expect(apiBranches).toContainEqual({ $ref: '#/components/schemas/LeadsAgentRun' });
    expect(document.paths['/api/agents/{agent}'].post.requestBody.content['application/json'].schema.properties.input.anyOf).toContainEqual({ $ref: '#/components/schemas/LeadsAgentInput' });
  });

  it('describes the event streams as text/event-stream with their event types, and trigger bodies as JSON or form-encoded', () => {
    for (const path of ['/api/runs/{runId}/events', '/api/playbooks/runs/{runId}/events']) {
      expect(document.paths[path].get.responses['200'].content).toEqual({ 'text/event-stream': expect.objectContaining({ schema: { $ref: '#/components/schemas/RunEvent' } }) });
    }
    const runEvents = document.components.schemas.RunEvent.oneOf.map((branch: JsonObject) => branch.properties.event.const);
    expect(runEvents).toEqual(['run.started', 'step.started', 'step.completed', 'step.failed', 'run.completed', 'run.failed', 'run.canceled']);
    const streamed = document.paths['/api/agents/{agent}'].post.responses['200'].content['text/event-stream'];
    expect(streamed.schema).toEqual({ $ref: '#/components/schemas/AgentStreamEvent' });
    expect(document.components.schemas.AgentStreamEvent.oneOf.map((branch: JsonObject) => branch.properties.event.const)).toEqual(['meta', 'delta', 'done', 'error']);
    const trigger = document.paths['/api/webhooks/trigger'].post.requestBody.content;
    expect(Object.keys(trigger)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    expect(trigger['application/x-www-form-urlencoded'].encoding.inputs).toEqual({ style: 'deepObject', explode: true });
  });
});
