/**
 * How long the database has to answer before a request gives up on it and answers 503 `overloaded`
 * (see docs/decisions/0045-database-outages.md). Together they keep a request under about two seconds
 * during an outage.
 */
export const databaseTimeouts = {
  /** A new PostgreSQL connection, or a free one from a full pool, within this (pg `connectionTimeoutMillis`). */
  connectMs: 1000,
  /** One PostgreSQL statement: the server cancels it (`statement_timeout`) and the client stops waiting (`query_timeout`). */
  statementMs: 1500,
  /** SQLite waits this long for a lock another connection holds (the busy timeout). */
  sqliteBusyMs: 1500,
  /** What was last learnt of the database (an answer or a failure) is trusted this long before asking again. */
  knownForMs: 1000,
} as const;
