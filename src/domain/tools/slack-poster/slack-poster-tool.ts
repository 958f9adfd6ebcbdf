import { OutboundError, type OutboundHttp, type OutboundResponse } from '../../../ports/outbound-http.ts';
import type { AgentTool, ToolDescriptor } from '../agent-tool.ts';
import { DeliveryFailed } from '../delivery-failed.ts';

export const slackPosterDescriptor: ToolDescriptor = {
  name: 'slack-poster',
  description: 'Slack delivery',
  privateFields: ['webhookUrl'],
  outputFields: {
    delivered: { type: 'boolean', description: 'True when Slack accepted the message; false only when no webhook was given or configured (a failed post is an error, not an answer)' },
    status: { type: 'string', enum: ['sent', 'not-sent'] },
    statusDetail: { type: 'string', description: 'Why the message was or was not sent' },
  },
  requiredOutputFields: ['delivered', 'status', 'statusDetail'],
};

/**
 * Posts the message to a Slack incoming webhook: the request's `webhookUrl`, or the configured default. The
 * message is the caller's `text`, exactly as sent, when the request has one; otherwise the one the model
 * wrote from the prompt. The answer's `message` is what was posted. Without a webhook nothing is sent and the
 * answer says so; a post Slack refused or that could not be made fails the run (`DeliveryFailed`: 502, its
 * unit given back).
 */
export function createSlackPosterTool(dependencies: { outbound: OutboundHttp; defaultWebhookUrl: string | undefined }): AgentTool {
  return {
    ...slackPosterDescriptor,
    async finish(output, context) {
      const message = typeof context.fields.text === 'string' && context.fields.text.trim() !== '' ? context.fields.text : output.message;
      const posted = { ...output, message };
      const requested = typeof context.fields.webhookUrl === 'string' ? context.fields.webhookUrl : undefined;
      const webhookUrl = requested ?? dependencies.defaultWebhookUrl;
      if (!webhookUrl) {
        return {
          ...posted,
          delivered: false,
          status: 'not-sent',
          statusDetail: 'No Slack webhook is configured (set SLACK_WEBHOOK_URL or send webhookUrl); nothing was posted.',
        };
      }
      context.onOutbound?.();
      let response: OutboundResponse;
      try {
        response = await dependencies.outbound.request({
          url: webhookUrl,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text: message }),
          maxRedirects: 0,
          maxBytes: 4096,
        });
      } catch (error) {
        const detail = error instanceof OutboundError ? error.message : 'the webhook could not be reached';
        throw notDelivered(`The Slack message was not delivered: ${detail}.`);
      }
      if (response.status < 200 || response.status >= 300) {
        // Slack explains refusals in a short plain-text body such as "invalid_token" or "no_service".
        const reason = response.body.replace(/[^\w .:-]/g, '').slice(0, 80);
        throw notDelivered(`Slack refused the message (${response.status}${reason ? `: ${reason}` : ''}); it was not delivered.`);
      }
      return { ...posted, delivered: true, status: 'sent', statusDetail: 'Slack accepted the message.' };
    },
  };
}

function notDelivered(statusDetail: string): DeliveryFailed {
  return new DeliveryFailed(statusDetail, { delivery: { delivered: false, status: 'failed', statusDetail } });
}
