import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { freshSqliteUrl } from '../../../test/support/test-databases.ts';

/** The real service listening on a free local port, for the client to call over HTTP. */
export interface ListeningServer {
  testApp: TestApp;
  baseUrl: string;
  close(): Promise<void>;
}

export async function startListeningServer(env: Record<string, string> = {}): Promise<ListeningServer> {
  const testApp = await startTestApp({ databaseUrl: freshSqliteUrl(), env });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = testApp.app.server.address() as AddressInfo;
  return { testApp, baseUrl: `http://127.0.0.1:${port}`, close: () => testApp.close() };
}
