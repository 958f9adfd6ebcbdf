/** What `agentapi` exits with; the README's command-line section lists them. */
export const exitCodes = {
  ok: 0,
  /** The command failed: refused input, an unknown id, a failed run, an error of the service. */
  failed: 1,
  /** A usage mistake: unknown command or option, missing argument. */
  usage: 2,
  /** The database is missing or not migrated: nothing was created or changed. */
  noDatabase: 3,
} as const;
