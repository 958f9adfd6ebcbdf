// The API key and the admin token live in session storage: gone when the tab closes, never in a URL,
// never sent anywhere but this origin's API in an Authorization header.
const keyName = 'agentapi.apiKey';
const adminName = 'agentapi.adminToken';

type Listener = () => void;
const listeners = new Set<Listener>();

function read(name: string): string | undefined {
  try {
    return sessionStorage.getItem(name) ?? undefined;
  } catch {
    return undefined;
  }
}

function write(name: string, value: string | undefined): void {
  if (value) sessionStorage.setItem(name, value);
  else sessionStorage.removeItem(name);
  for (const listener of listeners) listener();
}

export const session = {
  apiKey: (): string | undefined => read(keyName),
  adminToken: (): string | undefined => read(adminName),
  setApiKey: (key: string | undefined): void => write(keyName, key?.trim() || undefined),
  setAdminToken: (token: string | undefined): void => write(adminName, token?.trim() || undefined),
  /** Called whenever a credential is set or cleared. */
  onChange(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
