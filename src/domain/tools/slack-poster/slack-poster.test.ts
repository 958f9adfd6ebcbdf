import { describe, expect, it } from 'vitest';
import { OutboundError, type OutboundHttp, type OutboundRequest, type OutboundResponse } from '../../../ports/outbound-http.ts';
import type { ToolContext } from '../agent-tool.ts';
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

  it('reports Slack’s refusal and unreachable or refused webhooks as failed, never as sent', async () => {
    const refused = outboundAnswering(() => ({ status: 404, body: 'no_service' }));
    expect(await createSlackPosterTool({ outbound: refused.outbound, defaultWebhookUrl: 'https://hooks.slack.com/x' }).finish?.(output, context(), undefined)).toMatchObject({
      delivered: false,
      status: 'failed',
      statusDetail: 'Slack refused the message (404: no_service).',
    });
    const blocked = outboundAnswering(() => new OutboundError('refused_address', 'the address 10.0.0.5 is private'));
    const result = await createSlackPosterTool({ outbound: blocked.outbound, defaultWebhookUrl: undefined }).finish?.(output, context({ webhookUrl: 'http://10.0.0.5/hook' }), undefined);
    expect(result).toMatchObject({ delivered: false, status: 'failed', statusDetail: expect.stringContaining('private') });
  });
});
