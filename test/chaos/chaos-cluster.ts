import pg from 'pg';
import { startUpstreamSimulator, type UpstreamSimulator } from '../../tools/upstream-simulator/simulator-server.ts';
import { allProvidersAt } from '../support/all-providers.ts';
import { deleteKeysWithPrefix } from '../support/redis-keys.ts';
import { createRunDatabase, type RunDatabase } from '../support/run-database.ts';
import { runCli, startServerProcess, startWorkerProcess, type ServerProcess } from '../support/server-process.ts';
import { startTcpProxy, through, type TcpProxy } from '../support/tcp-proxy.ts';
import type { ChaosOptions } from './chaos-options.ts';

/** The accounts the load runs under: small daily limits, so that some run out while faults come. */
export const chaosAccounts = [
  { id: 'chaos-free', plan: 'free', limit: 50 },
  { id: 'chaos-starter-a', plan: 'starter', limit: 200 },
  { id: 'chaos-starter-b', plan: 'starter', limit: 200 },
] as const;

export interface ChaosAccount {
  id: string;
  limit: number;
  key: string;
}

/** One API process or worker, restarted in place after a kill. */
export interface ProcessSlot {
  name: string;
  role: 'api' | 'worker';
  current: ServerProcess;
  /** False while killed and not yet restarted. */
  running: boolean;
}

/** A process that exited without the run killing or stopping it, or that would not start again after a kill. */
export interface UnexpectedExit {
  name: string;
  pid: number | undefined;
  code: number | null;
  signal: NodeJS.Signals | null;
  lastOutput: string;
}

export interface ChaosCluster {
  apis: ProcessSlot[];
  workers: ProcessSlot[];
  accounts: ChaosAccount[];
  simulator: UpstreamSimulator;
  postgresProxy: TcpProxy;
  redisProxy: TcpProxy;
  /** Straight to PostgreSQL, not through the proxy: the checks read what is stored even during a cut. */
  pool: pg.Pool;
  unexpectedExits: UnexpectedExit[];
  kill(slot: ProcessSlot): void;
  restart(slot: ProcessSlot): Promise<void>;
  /** Waits for the restarts of crashed processes under way. */
  untilRestarted(): Promise<void>;
  /** Stops every process, proxy and server the cluster started and drops its database; safe to call twice. */
  close(): Promise<void>;
}

/** The closers of clusters still open: a test that gives up waiting closes them all (`closeOpenClusters`). */
const openClusters = new Set<() => Promise<void>>();

/** Stops every process of every cluster not yet closed, as after a timeout. */
export async function closeOpenClusters(): Promise<void> {
  await Promise.all([...openClusters].map((close) => close()));
}

export const testRedisServerUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';


/**
 * Starts, on a fresh database and Redis key prefix, the simulator, a cuttable proxy in front of PostgreSQL
 * and one in front of Redis, the API processes (which only queue playbook steps) and the workers.
 */
export async function startChaosCluster(options: ChaosOptions): Promise<ChaosCluster> {
  const started: { close(): Promise<unknown> }[] = [];
  const slots: ProcessSlot[] = [];
  const unexpectedExits: UnexpectedExit[] = [];
  const expected = new Set<ServerProcess>();
  let closed = false;

  const restarting = new Set<Promise<void>>();
  const close = async () => {
    if (closed) return;
    closed = true;
    openClusters.delete(close);
    for (const slot of slots) expected.add(slot.current);
    await Promise.all(slots.map((slot) => slot.current.stop('SIGKILL')));
    // A restart under way stops what it started itself once it sees the cluster closed.
    await Promise.all([...restarting]);
    for (const resource of started.reverse()) await resource.close().catch(() => undefined);
  };

  openClusters.add(close);
  try {
    const database: RunDatabase = await createRunDatabase('agentapi_chaos');
    started.push({ close: () => database.drop() });
    const simulator = await startUpstreamSimulator({ requestLogLimit: 100_000, faults: { default: { latencyMs: options.upstreamLatencyMs } } });
    started.push(simulator);
    const postgresTarget = new URL(database.url);
    const postgresProxy = await startTcpProxy({ host: postgresTarget.hostname, port: Number(postgresTarget.port || 5432) });
    started.push(postgresProxy);
    const redisTarget = new URL(testRedisServerUrl);
    const redisProxy = await startTcpProxy({ host: redisTarget.hostname, port: Number(redisTarget.port || 6379) });
    started.push(redisProxy);
    const redisPrefix = `agentapi-chaos:${database.name}:`;
    started.push({ close: () => deleteKeysWithPrefix(testRedisServerUrl, redisPrefix) });
    const pool = new pg.Pool({ connectionString: database.url, max: 4 });
    started.push({ close: () => pool.end() });

    const env: Record<string, string> = {
      ...allProvidersAt(simulator),
      DATABASE_URL: through(database.url, postgresProxy),
      REDIS_URL: through(testRedisServerUrl, redisProxy),
      REDIS_KEY_PREFIX: redisPrefix,
      SAFETY_CRITIC: 'rubric',
      SAFETY_JUDGE: 'off',
      CIRCUIT_FAILURE_THRESHOLD: '1000',
      UPSTREAM_TIMEOUT_MS: '20000',
      PLAYBOOK_LEASE_MS: String(options.leaseMs),
      QUOTA_HOLD_MS: String(options.quotaHoldMs),
      LOG_LEVEL: 'info',
    };
    const migrated = await runCli(['migrate'], env);
    if (migrated.code !== 0) throw new Error(`agentapi migrate failed:\n${migrated.stderr}`);
    const accounts: ChaosAccount[] = [];
    for (const account of chaosAccounts) {
      const created = await runCli(['keys', 'create', '--user', account.id, '--plan', account.plan, '--json'], env);
      if (created.code !== 0) throw new Error(`agentapi keys create failed:\n${created.stderr}`);
      accounts.push({ id: account.id, limit: account.limit, key: (JSON.parse(created.stdout) as { key: string }).key });
    }

    const launch = async (slot: Pick<ProcessSlot, 'name' | 'role'>): Promise<ServerProcess> => {
      // The API processes only queue steps: the workers run them, so a takeover is a worker's.
      // Generous: on a machine busier than its cores a start takes tens of seconds.
      const start = { startupMs: 45_000 };
      const child = slot.role === 'api' ? await startServerProcess({ ...env, PLAYBOOK_SERVER_WORKER: 'false' }, start) : await startWorkerProcess(env, undefined, start);
      child.process.on('exit', (code, signal) => {
        if (expected.has(child)) return;
        unexpectedExits.push({ name: slot.name, pid: child.process.pid, code, signal, lastOutput: child.output().slice(-2000) });
        // Restarted, as a supervisor would, so that the load and the faults go on with every process.
        const crashed = slots.find((candidate) => candidate.current === child);
        if (crashed && !closed) {
          crashed.running = false;
          restarting.add(restartSlot(crashed));
        }
      });
      return child;
    };
    const restartSlot = async (slot: ProcessSlot) => {
      await slot.current.stop('SIGKILL');
      // A start during a cut may not come up in time: try again, as a supervisor would.
      for (let attempt = 1; ; attempt++) {
        try {
          slot.current = await launch(slot);
          slot.running = true;
          // Came up after the cluster closed: stopped at once, so that nothing outlives the run.
          if (closed) {
            expected.add(slot.current);
            await slot.current.stop('SIGKILL');
          }
          return;
        } catch (error) {
          if (closed) return;
          if (attempt >= 3) {
            // Reported with the crashes, and left down: the run goes on with the processes it has.
            unexpectedExits.push({ name: slot.name, pid: undefined, code: null, signal: null, lastOutput: `did not start again in three tries: ${String(error).slice(-1500)}` });
            return;
          }
        }
      }
    };
    const roles = [
      ...Array.from({ length: options.apiProcesses }, (_, index) => ({ name: `api-${index + 1}`, role: 'api' as const })),
      ...Array.from({ length: options.workers }, (_, index) => ({ name: `worker-${index + 1}`, role: 'worker' as const })),
    ];
    for (const role of roles) slots.push({ ...role, current: await launch(role), running: true });

    return {
      apis: slots.filter((slot) => slot.role === 'api'),
      workers: slots.filter((slot) => slot.role === 'worker'),
      accounts,
      simulator,
      postgresProxy,
      redisProxy,
      pool,
      unexpectedExits,
      kill(slot) {
        expected.add(slot.current);
        slot.running = false;
        slot.current.process.kill('SIGKILL');
      },
      restart: restartSlot,
      async untilRestarted() {
        await Promise.all([...restarting]);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
