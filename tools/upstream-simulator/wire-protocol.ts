import type { SimulatedProvider } from './provider-routes.ts';
import type { Answer, ParsedRequest, SimulatedCall } from './simulated-call.ts';
import type { StreamEvent } from './sse.ts';

/** A generation endpoint, as read from the URL before the body. */
export interface Endpoint {
  /** Gemini names the model in the path; the others in the body. */
  model: string | undefined;
  /** Gemini streams by method name; the others by a `stream` field. */
  stream: boolean | undefined;
  /** Gemini streams a JSON array unless the URL asks for `alt=sse`. */
  jsonArrayStream: boolean;
}

/** One provider API family: how it names endpoints, reads requests and writes answers. */
export interface WireProtocol {
  /** The endpoint for a path after the provider's base path, or undefined when there is none. */
  matchEndpoint(method: string, endpointPath: string, search: URLSearchParams): Endpoint | undefined;
  /** The model a request names, before it is validated (for logs and fault rules). */
  modelOf(endpoint: Endpoint, body: unknown): string;
  /** Validates a request the way the provider does and reduces it to a call, or the provider's rejection. */
  parse(provider: SimulatedProvider, endpoint: Endpoint, body: unknown): ParsedRequest;
  /** The complete (non-streaming) response body. */
  reply(provider: SimulatedProvider, call: SimulatedCall, answer: Answer): unknown;
  /** The same answer as stream events, in order. */
  streamEvents(provider: SimulatedProvider, call: SimulatedCall, answer: Answer): StreamEvent[];
  readonly lineEnd: '\n' | '\r\n';
}
