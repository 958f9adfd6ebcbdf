import { parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidEmailAddress } from '../../src/domain/tools/lead-qualifier/email-address.ts';
import { startLocalTestServer, type LocalTestServer } from '../support/local-test-server.ts';
import { bearer, type TestApp } from '../support/test-app.ts';
import { startAppWithTestSite, testSitePage, type AppWithTestSite } from '../support/test-site.ts';

/** The five v1 agents doing their real work on the sandbox, through /api/v1. */
let site: LocalTestServer;
let testApp: TestApp;
let key: string;
let environment: AppWithTestSite;

beforeAll(async () => {
  environment = await startAppWithTestSite('v1-user');
  ({ site, testApp, key } = environment);
});
afterAll(async () => environment.close());

function run(agent: string, body: unknown, apiKey = key) {
  return testApp.app.inject({ method: 'POST', url: `/api/v1/agents/${agent}`, headers: { ...bearer(apiKey), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}

describe('leads', () => {
  it('answers qualified, de-duplicated leads with valid contacts, computed scores and a matching count', async () => {
    const response = await run('leads', { niche: 'fintech', location: 'Berlin', product: 'a compliance API' });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.count).toBe(data.leads.length);
    expect(data.leads.length).toBeGreaterThan(0);
    const scores = data.leads.map((lead: { score: number }) => lead.score);
    expect(scores).toEqual([...scores].sort((left, right) => right - left));
    const companies = new Set<string>();
    for (const lead of data.leads) {
      expect(isValidEmailAddress(lead.contact)).toBe(true);
      expect(Number.isInteger(lead.score) && lead.score >= 0 && lead.score <= 100).toBe(true);
      expect(lead.score).toBe(Math.round(10 * (0.4 * lead.fit.industry + 0.3 * lead.fit.location + 0.3 * lead.fit.need)));
      expect(companies.has(lead.company)).toBe(false);
      companies.add(lead.company);
    }
    expect(data.qualification).toMatchObject({ duplicatesRemoved: expect.any(Number), invalidContactsRemoved: expect.any(Number) });
    expect(data.sources).toEqual([]);
  });
});

describe('blog-gen', () => {
  it('answers a post whose lengths fit search engines and whose measurements come from its own text', async () => {
    const response = await run('blog-gen', { topic: 'choosing a CRM for a ten-person agency', keywords: ['crm', 'agency'], tone: 'conversational' });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.title.length).toBeLessThanOrEqual(60);
    expect(data.metaDescription.length).toBeLessThanOrEqual(155);
    expect(data.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(data.wordCount).toBeGreaterThan(50);
    // Roughly the whitespace-separated words of the body, without markdown marks.
    const rough = data.body.replace(/[#*>-]/g, ' ').split(/\s+/).filter(Boolean).length;
    expect(Math.abs(data.wordCount - rough)).toBeLessThanOrEqual(rough * 0.1);
    expect(data.readingTimeMinutes).toBe(Math.max(1, Math.ceil(data.wordCount / 238)));
    expect(data.readability.fleschReadingEase).toBeGreaterThanOrEqual(0);
  });
});

describe('seo-dominator', () => {
  it('reports the facts actually on the audited page', async () => {
    const response = await run('seo-dominator', { domain: `${site.origin}/` });
    expect(response.statusCode).toBe(200);
    const facts = response.json().data.pageFacts;
    expect(facts).toMatchObject({
      status: 200,
      https: false,
      title: { text: testSitePage.title, length: testSitePage.title.length },
      metaDescription: { text: testSitePage.metaDescription, length: testSitePage.metaDescription.length },
      headings: { h1: [testSitePage.h1], h2: testSitePage.h2 },
      lang: 'en',
      viewport: true,
      images: { total: testSitePage.images.total, withAlt: testSitePage.images.withAlt, missingAlt: 1 },
      links: { internal: testSitePage.links.internal, external: testSitePage.links.external },
      structuredData: { jsonLdTypes: ['SoftwareApplication'] },
      openGraph: { title: true, description: false, image: false },
      robotsTxt: { found: true, disallowsAll: false },
      sitemap: { found: true, urlCount: 3 },
    });
    expect(facts.canonical).toBe(`${site.origin}/`);
  });

  it('finds the site in the prompt too', async () => {
    const response = await run('seo-dominator', { prompt: `Please audit ${site.origin}/ before our launch` });
    expect(response.json().data.pageFacts.title.text).toBe(testSitePage.title);
  });

  it('answers a clear 400, not invented facts, when the site cannot be reached or is not allowed', async () => {
    const unreachable = await run('seo-dominator', { domain: 'http://127.0.0.1:1/' });
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json()).toMatchObject({ code: 'invalid_request', issues: [{ path: 'domain', message: expect.stringContaining('could not be audited') }] });
    const metadata = await run('seo-dominator', { domain: 'http://169.254.169.254/latest/meta-data/' });
    expect(metadata.statusCode).toBe(400);
    expect(metadata.json().issues[0].message).toMatch(/private|local|reserved/);
    const missing = await run('seo-dominator', { prompt: 'improve my rankings' });
    expect(missing.json()).toMatchObject({ code: 'invalid_request', issues: [{ path: 'domain' }] });
  });
});

describe('page-builder', () => {
  it('answers a complete, valid HTML document rendered from the plan, without scripts', async () => {
    const response = await run('page-builder', { prompt: 'Landing page for a <script>alert(1)</script> time-tracking app for freelancers' });
    expect(response.statusCode).toBe(200);
    const { html } = response.json().data;
    const errors: string[] = [];
    parse(html, { onParseError: (error) => errors.push(error.code) });
    expect(errors).toEqual([]);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&lt;script&gt;');
  });
});

describe('voice-chat', () => {
  it('keeps a conversation across calls with the conversationId it returns', async () => {
    const first = await run('voice-chat', { prompt: 'Hi, do you deliver on Saturdays?' });
    expect(first.statusCode).toBe(200);
    const { conversationId, turn, reply } = first.json().data;
    expect(conversationId).toMatch(/^conv_/);
    expect(turn).toBe(1);
    expect(reply).toEqual(expect.any(String));
    const second = await run('voice-chat', { prompt: 'And what does it cost?', conversationId });
    expect(second.json().data).toMatchObject({ conversationId, turn: 2 });
  });

  it('keeps conversations per account: another account’s id is 404', async () => {
    const first = await run('voice-chat', { prompt: 'Hello' });
    const otherKey = await testApp.createKey('someone-else');
    const stolen = await run('voice-chat', { prompt: 'What did they say?', conversationId: first.json().data.conversationId }, otherKey);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().code).toBe('not_found');
    expect((await run('voice-chat', { prompt: 'Hi', conversationId: 'conv_unknown' })).statusCode).toBe(404);
  });
});

describe('url-context (reads a page)', () => {
  it('answers from the page it fetched and says which page that was', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/agents/url-context',
      headers: { ...bearer(key), 'content-type': 'application/json' },
      payload: JSON.stringify({ url: `${site.origin}/`, question: 'What does the product do?' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.source).toMatchObject({ url: `${site.origin}/`, title: testSitePage.title, truncated: false, characters: expect.any(Number) });
  });

  it('refuses pages that answer an error status', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/agents/url-context',
      headers: { ...bearer(key), 'content-type': 'application/json' },
      payload: JSON.stringify({ url: `${site.origin}/missing` }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0]).toMatchObject({ path: 'url', message: expect.stringContaining('HTTP 404') });
  });
});

describe('slack-notify (acts on the world)', () => {
  it('returns what it would send, and sends nothing, without a webhook', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/agents/slack-notify',
      headers: { ...bearer(key), 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'Deploy 42 finished', confirmed: true }),
    });
    expect(response.json().data).toMatchObject({ message: expect.any(String), delivered: false, status: 'not-sent' });
  });

  it('posts the message to the webhook it is given, after confirmation', async () => {
    const received: string[] = [];
    const slack = await startLocalTestServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(body);
        response.end('ok');
      });
    });
    try {
      const webhookUrl = `${slack.origin}/services/T000/B000/XXXX`;
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/agents/slack-notify',
        headers: { ...bearer(key), 'content-type': 'application/json' },
        payload: JSON.stringify({ text: 'Deploy 42 finished', webhookUrl, confirmed: true }),
      });
      const data = response.json().data;
      expect(data).toMatchObject({ delivered: true, status: 'sent' });
      expect(received).toEqual([JSON.stringify({ text: data.message })]);
    } finally {
      await slack.close();
    }
  });
});
