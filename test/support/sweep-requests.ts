import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { fillPath, pathParameters, type RegisteredRoute } from './app-routes.ts';
import { takesBody, type OwnedId } from './route-facts.ts';
import type { OwnedIds } from './two-account-app.ts';

/** A value for each path parameter that names something that exists, as its owner would ask for it. */
export function ordinaryParameters(route: RegisteredRoute, owned: OwnedIds, spareKeyPrefix: string): Record<string, string> {
  const byName: Record<string, string> = { agent: 'blog-gen', playbook: 'content-machine', runId: owned.playbookRun, prefix: spareKeyPrefix, user: 'spare-account', '*': 'static/swagger-ui.css' };
  return Object.fromEntries(pathParameters(route.url).map((name) => [name, byName[name] ?? 'x']));
}

/** The owner's ids of a kind: what another account must never reach. */
export function ownedIdsOfKind(kind: OwnedId, owned: OwnedIds): string[] {
  return kind === 'playbookRun' ? [owned.playbookRun] : [owned.playbookRun, owned.agentRun, owned.triggerRun];
}

/** A request to the route with these headers and, for methods with a body, this JSON body (an empty object unless told). */
export function sweepRequest(route: RegisteredRoute, parameters: Record<string, string>, headers: Record<string, string>, body = '{}'): InjectOptions {
  const method = route.method as InjectOptions['method'];
  const url = fillPath(route.url, parameters);
  return takesBody(route.method) ? { method, url, headers: { 'content-type': 'application/json', ...headers }, payload: body } : { method, url, headers };
}

/** An API key of the right form that the service never issued. */
export function unknownApiKey(): string {
  return `ak_live_${randomBytes(33).toString('base64url').slice(0, 44)}`;
}
