/** A service the process needs to serve requests (the database, Redis), asked whether it answers now. */
export interface DependencyPing {
  readonly name: 'database' | 'redis';
  /** Resolves once the service answered a trivial request; rejects when it did not. */
  ping(): Promise<void>;
}
