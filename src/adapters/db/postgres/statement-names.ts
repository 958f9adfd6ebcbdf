/** Distinct statement texts given a name; texts beyond these are sent unnamed (parsed and planned each time). */
const maxNamedStatements = 500;

/**
 * Names for the statements this process sends, so each pooled connection parses and plans a statement once
 * and then only binds and executes it (a PostgreSQL prepared statement per connection). The application's
 * statements are a fixed set of texts with parameters; the bound keeps a text that varies (an IN list of
 * any length) from preparing without limit.
 */
export class StatementNames {
  readonly #names = new Map<string, string>();
  readonly #limit: number;

  constructor(limit: number = maxNamedStatements) {
    this.#limit = limit;
  }

  nameOf(text: string): string | undefined {
    const known = this.#names.get(text);
    if (known !== undefined || this.#names.size >= this.#limit) return known;
    const name = `agentapi_${this.#names.size.toString(36)}`;
    this.#names.set(text, name);
    return name;
  }
}

/**
 * PostgreSQL refuses to run a prepared statement whose result columns a migration changed
 * (`select *` from a table that gained a column): such a statement is sent again unnamed. Inside a
 * transaction the refusal has already failed the transaction, so the retry fails too and that request
 * fails; the connection's other statements are unaffected, and a migration that changes a table's columns
 * under running servers is best followed by a restart (or run with DATABASE_PREPARED_STATEMENTS=false).
 */
export function isStalePreparedStatement(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result type');
}
