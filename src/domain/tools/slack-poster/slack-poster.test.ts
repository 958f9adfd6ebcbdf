import { describe, expect, it } from 'vitest';
import { OutboundError, type OutboundHttp, type OutboundRequest, type OutboundResponse } from '../../../ports/outbound-http.ts';
import type { ToolContext } from '../agent-tool.ts';
import { DeliveryFailed } from '../delivery-failed.ts';
import { createSlackPosterTool } from './slack-poster-tool.ts';

function outboundAnswering(answer: (request: OutboundRequest) => Partial<OutboundResponse> | Error) {
  const requests: OutboundRequest[] = [];
  const outbound: OutboundHttp = {
    request: async (request) => {
      requests.push(request);
      const result = answer(request);
      if (result instanceof Error) throw result;
      return { status: 200, headers: {}, body: '', finalUrl: request.url, redirects: [], truncated: false, elapsedMs: 1, ...result };
    },
  };
  return { outbound, requests };
}

const context = (fields: Record<string, unknown> = {}): ToolContext => ({ agentId: 'slack-notify', accountId: 'a', surface: 'api', prompt: 'x', fields });
const output = { message: '*Deploy finished* :white_check_mark:' };

describe('the slack-poster tool', () => {
  it('sends nothing without a webhook and says so', async () => {
    const { outbound, requests } = outboundAnswering(() => ({}));
    const result = await createSlackPosterTool({ outbound, defaultWebhookUrl: undefined }).finish?.(output, context(), undefined);
    expect(result).toMatchObject({ ...output, delivered: false, status: 'not-sent' });
    expect(requests).toHaveLength(0);
  });

  it('posts the exact message to the request’s webhook, before the configured one', async () => {
    const { outbound, requests } = outboundAnswering(() => ({ status: 200, body: 'ok' }));
    const tool = createSlackPosterTool({ outbound, defaultWebhookUrl: 'https://hooks.slack.com/services/DEFAULT' });
    const result = await tool.finish?.(output, context({ webhookUrl: 'https://hooks.slack.com/services/T/B/X' }), undefined);
    expect(result).toMatchObject({ delivered: true, status: 'sent' });
    expect(requests[0]).toMatchObject({ url: 'https://hooks.slack.com/services/T/B/X', method: 'POST', body: JSON.stringify({ text: output.message }), maxRedirects: 0 });
  });

  it("posts the caller's text exactly as sent, not the model's message, and answers with it", async () => {
    const { outbound, requests } = outboundAnswering(() => ({ status: 200, body: 'ok' }));
    const tool = createSlackPosterTool({ outbound, defaultWebhookUrl: 'https://hooks.slack.com/services/DEFAULT' });
    const result = await tool.finish?.({ message: 'I understand, and I am sorry for the trouble.' }, context({ text: 'Deploy finished' }), undefined);
    expect(requests[0]?.body).toBe(JSON.stringify({ text: 'Deploy finished' }));
    expect(result).toMatchObject({ message: 'Deploy finished', delivered: true, status: 'sent' });
  });

  it('fails with DeliveryFailed (502 upstream_unavailable) when Slack refuses the post or it cannot be made, never answering it as sent', async () => {
    const refused = outboundAnswering(() => ({ status: 404, body: 'no_service' }));
    const refusal = await createSlackPosterTool({ outbound: refused.outbound, defaultWebhookUrl: 'https://hooks.slack.com/x' }).finish?.(output, context(), undefined).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DeliveryFailed);
    expect(refusal).toMatchObject({
      code: 'upstream_unavailable',
      message: 'Slack refused the message (404: no_service); it was not delivered.',
      details: { delivery: { delivered: false, status: 'failed' } },
    });
    const blocked = outboundAnswering(() => new OutboundError('refused_address', 'the address 10.0.0.5 is private'));
    const unreachable = await createSlackPosterTool({ outbound: blocked.outbound, defaultWebhookUrl: undefined }).finish?.(output, context({ webhookUrl: 'http://10.0.0.5/hook' }), undefined).catch((error: unknown) => error);
    expect(unreachable).toBeInstanceOf(DeliveryFailed);
    expect((unreachable as DeliveryFailed).message).toContain('private');
  });
});
