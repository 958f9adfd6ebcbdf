import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../domain/errors.ts';
import type { HttpOptions } from '../../http-services.ts';

/**
 * The console's policy: its own scripts, styles and API only. No inline script or style, no other origin, no
 * plug-ins, no framing by other sites. Agent output rendered as a page (page-builder) goes into a sandboxed
 * frame that runs no script, under this same policy.
 */
export const consoleContentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** A path inside the console's folder, or undefined: only plain names with a served extension, never `..`. */
function consoleFile(directory: string, wildcard: string): string | undefined {
  if (!/^[A-Za-z0-9._/-]*$/.test(wildcard) || wildcard.split('/').some((part) => part === '..' || part.startsWith('.'))) return undefined;
  const relative = wildcard === '' ? 'index.html' : wildcard;
  if (!(extname(relative) in contentTypes)) return undefined;
  const path = normalize(join(directory, relative));
  return path.startsWith(directory + sep) ? path : undefined;
}

async function sendConsoleFile(request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply, directory: string): Promise<FastifyReply> {
  const wildcard = request.params['*'];
  const path = consoleFile(directory, wildcard);
  if (!path) throw new AppError('not_found', `No console file ${request.url.split('?')[0]}`);
  const found = await stat(path).catch(() => undefined);
  if (!found?.isFile()) {
    const built = await stat(join(directory, 'index.html')).catch(() => undefined);
    throw new AppError('not_found', built ? `No console file ${request.url.split('?')[0]}` : 'The console is not built: run `npm run build` (npm install does it too), then reload.');
  }
  const etag = `W/"${found.size.toString(36)}-${Math.floor(found.mtimeMs).toString(36)}"`;
  reply
    .header('content-security-policy', consoleContentSecurityPolicy)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cross-origin-opener-policy', 'same-origin')
    .header('cross-origin-resource-policy', 'same-origin')
    .header('x-frame-options', 'DENY')
    .header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    .header('cache-control', 'no-cache')
    .header('etag', etag)
    .type(contentTypes[extname(path)] ?? 'application/octet-stream');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.send(await readFile(path));
}

/** The web console (`/console/`, built by `npm run build`) and the service's front door, `/`. */
export function registerConsole(app: FastifyInstance, options: HttpOptions): void {
  const directory = normalize(options.consoleDir);
  app.get('/console', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/console/', 301));
  app.get<{ Params: { '*': string } }>('/console/*', { schema: { hide: true } }, async (request, reply) => sendConsoleFile(request, reply, directory));
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    // A browser goes to the console; a program gets where everything is.
    if ((request.headers.accept ?? '').includes('text/html')) return reply.redirect('/console/', 302);
    return {
      name: 'Agent Execution API',
      version: options.version,
      links: { console: '/console/', apiReference: '/docs', openapi: '/api/openapi.json', health: '/healthz', agents: '/api/agents', openaiCompatible: '/v1/models', mcp: '/mcp' },
    };
  });
}
