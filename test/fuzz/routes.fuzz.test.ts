import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../support/app-routes.ts';
import { factsOf } from '../support/route-facts.ts';
import type { Database } from '../../src/adapters/db/open-database.ts';
import { storedState, unexpectedChanges, type StoredState } from '../support/stored-state.ts';
import { freshPostgresUrl, dialects } from '../support/test-databases.ts';
import { adminToken, startTwoAccountApp, type TwoAccountApp } from '../support/two-account-app.ts';
import { describeRequest, fuzzRequest, type FuzzContext, type FuzzRequest } from './fuzz-request.ts';
import { fuzzSettings } from './fuzz-settings.ts';
import { answerBudgetMs, answerProblems, errorCode, type Answer } from './invariants.ts';
import { runProperty } from './run-property.ts';

const settings = fuzzSettings();
if (settings.long) console.log(`fuzzing with FUZZ_SEED=${settings.seed} FUZZ_RUNS=${settings.numRuns}`);

/** The same app on each database: what one accepts, the other may not (PostgreSQL refuses NUL in text). */
const fixtures = { sqlite: await startTwoAccountApp(), postgres: await startTwoAccountApp(await freshPostgresUrl()) };
afterAll(async () => {
  await Promise.all(Object.values(fixtures).map((fixture) => fixture.close()));
});
const routes = registeredRoutes(fixtures.sqlite.testApp.app);

async function fuzzContextOf(fixture: TwoAccountApp): Promise<FuzzContext> {
  return {
    credentials: {
      ownerKey: fixture.owner.key,
      otherKey: fixture.other.key,
      revokedKey: fixture.revokedKey,
      adminToken,
      expiredJwt: await fixture.identityProvider.token({ subject: fixture.owner.id, expiresIn: '-1m' }),
    },
    idsByParameter: {
      runId: Object.values(fixture.owner.owned),
      agent: ['blog-gen', 'summarize', 'leads', 'trigger'],
      playbook: ['lead-blitz', 'content-machine', 'run', 'runs'],
      prefix: [fixture.spareKeyPrefix],
      user: [fixture.owner.id, fixture.other.id, 'spare-account'],
      '*': ['swagger-ui.css', 'static/index.html', 'json', 'static/../json'],
    },
  };
}

async function answerWithin(app: FastifyInstance, request: FuzzRequest): Promise<{ answer: Answer; elapsedMs: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${answerBudgetMs * 2} ms`)), answerBudgetMs * 2);
  });
  try {
    const response = await Promise.race([app.inject(request), late]);
    return { answer: { method: request.method, statusCode: response.statusCode, headers: response.headers, body: response.body }, elapsedMs: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Waits until work a successful request started in the background (runs, steps, deliveries) stops changing
 * what is stored: no single event says that it is done, so the condition is two reads 50 ms apart agreeing.
 */
async function settled(database: Database): Promise<StoredState> {
  let previous = await storedState(database);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const current = await storedState(database);
    if (unexpectedChanges(previous, current, '').length === 0) return current;
    previous = current;
  }
  return previous;
}

describe.each(dialects)('on %s', (dialect) => {
  describe.each(routes.map((route) => ({ ...route, name: `${route.method} ${route.url}` })))('fuzzing $name', (route) => {
    const facts = factsOf(route);

    it('answers every request in time, below 500, in the contract’s shape, and stores nothing when it refuses', { timeout: settings.long ? 24 * 3_600_000 : 60_000 }, async () => {
      if (!facts) throw new Error(`${route.name} has no entry in test/support/route-facts.ts`);
      const fixture = fixtures[dialect];
      const { app, container } = fixture.testApp;
      const context = await fuzzContextOf(fixture);
      // Earlier routes waited for their own background work: what is stored now is still.
      let before = await storedState(container.database);
      const outcomes: Record<string, number> = {};
      const property = fc.asyncProperty(fuzzRequest(route, context), async (request) => {
        const { answer, elapsedMs } = await answerWithin(app, request);
        const problems = answerProblems(answer, facts.success, elapsedMs, facts.errors);
        const outcome = `${answer.statusCode} ${errorCode(answer, facts.errors)}`.trim();
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        if (answer.statusCode >= 400) {
          // A run the request started may still be writing its record after the answer: wait for its end.
          expect(await container.services.runner.whenIdle(answerBudgetMs), 'runs still in progress').toBe(true);
          const after = await storedState(container.database);
          const code = errorCode(answer, facts.errors);
          problems.push(...unexpectedChanges(before, after, code).map((change) => `stored state changed on a ${answer.statusCode} ${code}: ${change}`));
          before = after;
        } else if (request.method !== 'GET' && request.method !== 'HEAD') {
          before = await settled(container.database);
        }
        if (problems.length > 0) throw new Error(`${describeRequest(request)}\n→ ${answer.statusCode}\n${problems.join('\n')}`);
      });
      // Named by the route alone, which vitest's -t matches: the replay runs it on both databases.
      await runProperty(property, settings, `fuzzing ${route.name}`);
      // A long run says what it reached, so a fuzzer stuck on one refusal shows.
      if (settings.long) console.log(`${route.name}: ${JSON.stringify(outcomes)}`);
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
    });
  });
});
