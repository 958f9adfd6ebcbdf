import type { ApiSurface } from '../agents/agent.ts';

export type JsonSchema = Record<string, unknown>;

/**
 * What the catalog needs to know about a tool without running it: the output fields it adds (merged into
 * the agent's public output schema) and the input fields it consumes (kept out of the model's task).
 */
export interface ToolDescriptor {
  readonly name: string;
  readonly description: string;
  /** Output properties the tool sets itself; the model is never asked for them. */
  readonly outputFields?: Readonly<Record<string, JsonSchema>>;
  /** Which of outputFields are always present. */
  readonly requiredOutputFields?: readonly string[];
  /**
   * Output properties the model produces loosely and the tool rewrites to a stricter shape (e.g. scores
   * computed, invalid entries removed): their public schema replaces the model's.
   */
  readonly refinedFields?: Readonly<Record<string, JsonSchema>>;
  /** Input fields only the tool reads (secrets, ids, URLs to act on); the model never sees them. */
  readonly privateFields?: readonly string[];
  /**
   * Input fields the tool holds the output to itself, computing from them (an invoice's line items, a
   * forecast's opening balance): the agent needs no promise for them (docs/agents.md).
   */
  readonly computesFrom?: readonly string[];
}

export interface ToolContext {
  agentId: string;
  accountId: string;
  surface: ApiSurface;
  /** The caller's own prompt, when there was one. */
  prompt: string | undefined;
  /** Every structured field of the request, private ones included. */
  fields: Readonly<Record<string, unknown>>;
  signal?: AbortSignal;
  /**
   * Called once the tool has reached out to the outside world (a fetch, a search, even one that failed):
   * from then on the run has made the service work for its caller, and an anonymous caller's run stays
   * counted. Not for a target refused before anything left the service (an address that does not parse).
   */
  onOutbound?: () => void;
}

export interface ToolPreparation {
  /** Text added to the model's task under its own heading: facts fetched, search results, history. */
  context?: string;
  /** Anything the tool wants back in finish(). */
  state?: unknown;
}

/**
 * Code an agent declares by name: it runs before the model (to gather facts) and/or after it (to compute,
 * check or render what a model should not be trusted with). Expected failures are AppErrors.
 */
export interface AgentTool extends ToolDescriptor {
  prepare?(context: ToolContext): Promise<ToolPreparation>;
  finish?(output: Record<string, unknown>, context: ToolContext, state: unknown): Promise<Record<string, unknown>>;
}
