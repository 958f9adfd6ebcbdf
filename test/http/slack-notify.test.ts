import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollRun } from '../support/playbook-runs.ts';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';

/** slack-notify against a local stand-in for Slack: what is posted, and what a post that fails answers and costs. */
let slack: Server;
let slackUrl: string;
const posted: string[] = [];
/** Statuses the stand-in answers, one per post, then 200. */
const answers: number[] = [];
let testApp: TestApp;

beforeAll(async () => {
  slack = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      posted.push(body);
      const status = answers.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'no_service');
    });
  });
  await new Promise<void>((resolve) => slack.listen(0, '127.0.0.1', resolve));
  slackUrl = `http://127.0.0.1:${(slack.address() as AddressInfo).port}/services/T/B/X`;
  testApp = await startTestApp({ databaseUrl: freshSqliteUrl(), env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1', SAFETY_CRITIC: 'rubric' } });
});
afterAll(async () => {
  await testApp.close();
  await new Promise((resolve) => slack.close(resolve));
});

function notify(key: string, body: Record<string, unknown>, url = '/api/agents/slack-notify') {
  return testApp.app.inject({ method: 'POST', url, headers: { ...bearer(key), 'content-type': 'application/json' }, payload: JSON.stringify({ confirmed: true, ...body }) });
}

async function usedToday(key: string): Promise<number> {
  return (await testApp.app.inject({ method: 'GET', url: '/api/usage', headers: bearer(key) })).json().data.api.used as number;
}

describe('slack-notify — happy paths', () => {
  it("posts the caller's text exactly as sent and answers with it", async () => {
    const key = await testApp.createKey('slack-text', { apiPlan: 'free' });
    const before = posted.length;
    const response = await notify(key, { text: 'Deploy finished', webhookUrl: slackUrl });
    expect(response.statusCode, response.body).toBe(200);
    expect(posted.slice(before)).toEqual([JSON.stringify({ text: 'Deploy finished' })]);
    expect(response.json().data).toMatchObject({ message: 'Deploy finished', delivered: true, status: 'sent' });
    expect(await usedToday(key)).toBe(1);
  });

  it('posts the message written from a prompt when no text is given', async () => {
    const key = await testApp.createKey('slack-prompt');
    const before = posted.length;
    const response = await notify(key, { prompt: 'Tell the team the deploy finished', webhookUrl: slackUrl });
    expect(response.statusCode, response.body).toBe(200);
    const message = response.json().data.message as string;
    expect(message.length).toBeGreaterThan(0);
    expect(posted.slice(before)).toEqual([JSON.stringify({ text: message })]);
  });
});

describe('slack-notify — errors', () => {
  it('answers 502 upstream_unavailable, not counted, when Slack refuses the post', async () => {
    const key = await testApp.createKey('slack-refused', { apiPlan: 'free' });
    answers.push(404);
    const response = await notify(key, { text: 'Deploy finished', webhookUrl: slackUrl });
    expect(response.statusCode, response.body).toBe(502);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'upstream_unavailable',
      error: 'Slack refused the message (404: no_service); it was not delivered.',
      delivery: { delivered: false, status: 'failed' },
      runId: expect.stringMatching(/^run_/),
    });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(await usedToday(key)).toBe(0);
    // The run is in the log as failed, with the code the caller got.
    const run = await testApp.app.inject({ method: 'GET', url: `/api/runs/${response.json().runId as string}`, headers: bearer(key) });
    expect(run.json().data).toMatchObject({ status: 'failed', error: { code: 'upstream_unavailable' } });
  });

  it('answers 502, not counted, when the webhook cannot be reached', async () => {
    const key = await testApp.createKey('slack-unreachable', { apiPlan: 'free' });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/hook`;
    await new Promise((resolve) => closed.close(resolve));
    const response = await notify(key, { text: 'Deploy finished', webhookUrl: deadUrl });
    expect(response.statusCode, response.body).toBe(502);
    expect(response.json()).toMatchObject({ code: 'upstream_unavailable', error: expect.stringMatching(/^The Slack message was not delivered: /) });
    expect(await usedToday(key)).toBe(0);
  });

  it('fails a triggered run whose post Slack refused, and gives its unit back', async () => {
    const key = await testApp.createKey('slack-trigger', { apiPlan: 'free' });
    answers.push(500);
    const started = await notify(key, { agent: 'slack-notify', text: 'Deploy finished', webhookUrl: slackUrl }, '/api/webhooks/trigger');
    expect(started.statusCode, started.body).toBe(202);
    const run = await pollRun(async (url) => testApp.app.inject({ method: 'GET', url, headers: bearer(key) }), started.json().statusUrl as string);
    expect(run).toMatchObject({ status: 'failed', error: { code: 'upstream_unavailable' } });
    expect(await usedToday(key)).toBe(0);
  });
});
