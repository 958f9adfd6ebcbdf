/**
 * Whether a run started now could be recorded: the database answered recently (what was learnt at most
 * about a second ago, or asked afresh). Checked before any model call, so that no call is paid for while
 * its run cannot be stored.
 */
export interface RunRecordability {
  recordable(): Promise<boolean>;
}
