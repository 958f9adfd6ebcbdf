import { describe, expect, it } from 'vitest';
import { AppError } from '../../domain/errors.ts';
import { McpSessions } from './mcp-sessions.ts';

/** A session that records whether it was closed. */
function session() {
  const state = { closed: 0 };
  return { state, close: async () => void (state.closed += 1) };
}

function sessionsAt(limits: Partial<{ perProcess: number; perAccount: number; idleMs: number }> = {}) {
  const clock = { now: 0 };
  const sessions = new McpSessions<ReturnType<typeof session>>({ perProcess: 10, perAccount: 10, idleMs: 1000, ...limits }, () => clock.now);
  return { sessions, clock };
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(() => undefined, (thrown: unknown) => thrown);
  if (!(error instanceof AppError)) throw new Error('expected a refusal');
  return error;
}

describe('McpSessions', () => {
  it('remembers the sessions it ended, by DELETE or idleness, and only those', async () => {
    const { sessions, clock } = sessionsAt();
    await sessions.open('deleted', 'alice', session());
    await sessions.open('idle', 'alice', session());
    sessions.forget('deleted');
    clock.now = 5000;
    await sessions.sweep();
    sessions.forget('never-held');
    expect(['deleted', 'idle', 'never-held'].map((id) => sessions.ended(id))).toEqual([true, true, false]);
  });

  it('finds a session only for the account that opened it', async () => {
    const { sessions } = sessionsAt();
    const opened = session();
    await sessions.open('s1', 'alice', opened);
    expect(sessions.find('s1', 'alice')).toBe(opened);
    expect(sessions.find('s1', 'bob')).toBeUndefined();
    expect(sessions.find('s2', 'alice')).toBeUndefined();
  });

  it('closes a session abandoned for the idle time, and keeps one in use or used since', async () => {
    const { sessions, clock } = sessionsAt({ idleMs: 1000 });
    const [abandoned, busy, recent] = [session(), session(), session()];
    await sessions.open('abandoned', 'alice', abandoned);
    await sessions.open('busy', 'alice', busy);
    await sessions.open('recent', 'alice', recent);
    const endBusy = sessions.begin('busy');
    clock.now = 600;
    sessions.begin('recent')();
    clock.now = 1000;
    await sessions.sweep();
    expect(abandoned.state.closed).toBe(1);
    expect(sessions.find('abandoned', 'alice')).toBeUndefined();
    expect(busy.state.closed).toBe(0);
    expect(recent.state.closed).toBe(0);
    expect(sessions.size).toBe(2);

    // Once its request ends, the busy one is idle from then on.
    endBusy();
    clock.now = 1999;
    await sessions.sweep();
    expect(busy.state.closed).toBe(0);
    clock.now = 2000;
    await sessions.sweep();
    expect(busy.state.closed).toBe(1);
    expect(recent.state.closed).toBe(1);
    expect(sessions.size).toBe(0);
  });

  it('refuses a session past the per-account and per-process limits with 503 overloaded, after closing idle ones', async () => {
    const { sessions, clock } = sessionsAt({ perProcess: 3, perAccount: 2, idleMs: 1000 });
    await sessions.open('a1', 'alice', session());
    await sessions.open('a2', 'alice', session());
    const perAccount = await refusal(sessions.open('a3', 'alice', session()));
    expect(perAccount).toMatchObject({ code: 'overloaded', details: { limit: { scope: 'account', max: 2 } }, retryAfterSeconds: 5 });
    await sessions.open('b1', 'bob', session());
    const perProcess = await refusal(sessions.open('c1', 'carol', session()));
    expect(perProcess.details).toEqual({ limit: { scope: 'process', max: 3 } });

    // Abandoned sessions make room for new ones.
    clock.now = 1000;
    await sessions.open('c1', 'carol', session());
    expect(sessions.size).toBe(1);
  });

  it('forgets a session that ended on its own, and closes all on shutdown', async () => {
    const { sessions } = sessionsAt();
    const [ended, open] = [session(), session()];
    await sessions.open('ended', 'alice', ended);
    await sessions.open('open', 'alice', open);
    sessions.forget('ended');
    expect(sessions.size).toBe(1);
    await sessions.closeAll();
    expect(open.state.closed).toBe(1);
    expect(ended.state.closed).toBe(0);
    expect(sessions.size).toBe(0);
  });
});
