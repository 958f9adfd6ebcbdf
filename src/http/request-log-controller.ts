import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { isEventStream } from './streaming/event-stream.ts';

/**
 * One structured line per request, written when it completes: request id, route, status, latency,
 * account, agent and model. Never headers, bodies or prompt text.
 */
export class RequestLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'requestId' });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // An event stream has written its line already (see logStream).
    if (isEventStream(request)) return;
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      account: request.account?.account.id,
      ...request.logContext,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}
