import { describe, expect, it } from 'vitest';
import { OutboundError } from '../../ports/outbound-http.ts';
import { fetchWebTarget, findWebTarget } from './web-target.ts';

describe('findWebTarget', () => {
  it('prefers the field', () => {
    expect(findWebTarget(' example.com ', 'audit other.org')).toBe('example.com');
  });

  it.each([
    ['Audit https://www.example.com/pricing, please.', 'https://www.example.com/pricing'],
    ['How is example.co.uk doing?', 'example.co.uk'],
    ['check http://127.0.0.1:4567/ for issues', 'http://127.0.0.1:4567/'],
    ['check 127.0.0.1:4567', '127.0.0.1:4567'],
    ['site localhost:8080/landing.', 'localhost:8080/landing'],
  ])('finds the site in %j', (prompt, expected) => {
    expect(findWebTarget(undefined, prompt)).toBe(expected);
  });

  it('finds nothing when the prompt names no site', () => {
    expect(findWebTarget(undefined, 'improve my SEO')).toBeUndefined();
    expect(findWebTarget(undefined, undefined)).toBeUndefined();
  });
});

describe('fetchWebTarget', () => {
  const field = { name: 'url', missing: 'Send the page', failure: 'could not be read' };
  const contextCounting = () => {
    const reached = { count: 0 };
    return { reached, context: { agentId: 'a', accountId: 'u', surface: 'api' as const, prompt: undefined, fields: { url: 'https://example.com/' }, onOutbound: () => void (reached.count += 1) } };
  };

  it('says the run reached outside once the fetch went out, whether it answered or failed', async () => {
    const answered = contextCounting();
    await fetchWebTarget(answered.context, field, async () => 'page');
    expect(answered.reached.count).toBe(1);

    const failed = contextCounting();
    await expect(fetchWebTarget(failed.context, field, async () => Promise.reject(new OutboundError('dns_failed', 'no such host')))).rejects.toMatchObject({ code: 'invalid_request' });
    expect(failed.reached.count).toBe(1);
  });

  it('does not when the target is refused before anything left: missing, or not an address', async () => {
    const missing = contextCounting();
    await expect(fetchWebTarget({ ...missing.context, fields: {} }, field, async () => 'page')).rejects.toMatchObject({ code: 'invalid_request' });
    const unparsable = contextCounting();
    await expect(fetchWebTarget(unparsable.context, field, async () => Promise.reject(new OutboundError('invalid_url', 'not a URL')))).rejects.toMatchObject({ code: 'invalid_request' });
    expect([missing.reached.count, unparsable.reached.count]).toEqual([0, 0]);
  });
});
