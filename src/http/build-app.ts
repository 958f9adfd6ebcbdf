import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { installErrorHandlers } from './errors/error-handler.ts';
import { installHttpMetrics } from './hooks/http-metrics.ts';
import { installIdempotency } from './hooks/idempotency-hooks.ts';
import { installRefusedBodyDrain } from './hooks/refused-body-drain.ts';
import { requestIdFrom } from './hooks/request-id.ts';
import type { HttpOptions, HttpServices } from './http-services.ts';
import { installJsonBodyLimits } from './json-body-limits.ts';
import { openApiOptions } from './openapi/openapi-options.ts';
import { RequestLogController } from './request-log-controller.ts';
import { registerRoutes } from './routes/index.ts';
import { answerFrameworkError, clientErrorAnswerer, installTransportChecks, maxUrlLength, requestTimeoutMs } from './transport-errors.ts';

/** Builds the HTTP application around already-built services; listening is the caller's business. */
export async function buildApp(services: HttpServices, options: HttpOptions, logger: FastifyBaseLogger): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: options.bodyLimitBytes,
    logController: new RequestLogController(),
    requestIdHeader: false,
    genReqId: (request) => requestIdFrom(request.headers['x-request-id']),
    // installTransportChecks answers requests that arrive while closing, in the JSON error body.
    return503OnClosing: false,
    // A hop count means: believe that many proxies nearest to us.
    trustProxy: typeof options.trustProxy === 'number' ? hopsTrusted(options.trustProxy) : options.trustProxy,
    // Path parameters as long as the URL may be: a long one reaches its route and is refused by its schema (400).
    routerOptions: { maxParamLength: maxUrlLength },
    // HTTP/1.1 without Host is refused by installTransportChecks, with a body: Node's own refusal has none.
    // Node only enforces a request timeout given when the server is created; Fastify then sets it again.
    http: { requireHostHeader: false, requestTimeout: requestTimeoutMs },
    requestTimeout: requestTimeoutMs,
    clientErrorHandler: clientErrorAnswerer(logger),
    frameworkErrors: answerFrameworkError,
  });

  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API; serialization stays plain JSON so no output is silently dropped.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // Only JSON bodies are accepted: a text/plain body is a 415, not a string handed to a route.
  app.removeContentTypeParser('text/plain');
  installJsonBodyLimits(app);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Response-Time', `${reply.elapsedTime.toFixed(1)}ms`);
    return payload;
  });

  installErrorHandlers(app, { bodyLimitBytes: options.bodyLimitBytes });
  installTransportChecks(app);
  installRefusedBodyDrain(app);
  installHttpMetrics(app, services.telemetry);

  await app.register(fastifySwagger, openApiOptions(options.version, services.catalog));
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  installIdempotency(app, services.idempotency);
  registerRoutes(app, services, options);
  return app;
}

function hopsTrusted(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}
