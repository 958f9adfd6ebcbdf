export interface SchemaState {
  current: boolean;
  /** Migrations known to the code but not applied to the database. */
  pending: string[];
  /** Why the database cannot be used, when it cannot be reached at all. */
  error?: string;
}

export interface SchemaInspector {
  inspect(): Promise<SchemaState>;
}
