import { OutboundError, type OutboundHttp } from '../../../ports/outbound-http.ts';
import type { AgentTool, ToolDescriptor } from '../agent-tool.ts';

export const slackPosterDescriptor: ToolDescriptor = {
  name: 'slack-poster',
  description: 'Slack delivery',
  privateFields: ['webhookUrl'],
  outputFields: {
    delivered: { type: 'boolean', description: 'True only when Slack accepted the message' },
    status: { type: 'string', enum: ['sent', 'not-sent', 'failed'] },
    statusDetail: { type: 'string', description: 'Why the message was or was not sent' },
  },
  requiredOutputFields: ['delivered', 'status', 'statusDetail'],
};

/**
 * Posts the message the model wrote to a Slack incoming webhook: the request's `webhookUrl`, or the
 * configured default. Without either it sends nothing and says so; the caller still gets the exact text.
 */
export function createSlackPosterTool(dependencies: { outbound: OutboundHttp; defaultWebhookUrl: string | undefined }): AgentTool {
  return {
    ...slackPosterDescriptor,
    async finish(output, context) {
      const requested = typeof context.fields.webhookUrl === 'string' ? context.fields.webhookUrl : undefined;
      const webhookUrl = requested ?? dependencies.defaultWebhookUrl;
      if (!webhookUrl) {
        return {
          ...output,
          delivered: false,
          status: 'not-sent',
          statusDetail: 'No Slack webhook is configured (set SLACK_WEBHOOK_URL or send webhookUrl); nothing was posted.',
        };
      }
      context.onOutbound?.();
      try {
        const response = await dependencies.outbound.request({
          url: webhookUrl,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text: output.message }),
          maxRedirects: 0,
          maxBytes: 4096,
        });
        if (response.status >= 200 && response.status < 300) {
          return { ...output, delivered: true, status: 'sent', statusDetail: 'Slack accepted the message.' };
        }
        // Slack explains refusals in a short plain-text body such as "invalid_token" or "no_service".
        const reason = response.body.replace(/[^\w .:-]/g, '').slice(0, 80);
        return { ...output, delivered: false, status: 'failed', statusDetail: `Slack refused the message (${response.status}${reason ? `: ${reason}` : ''}).` };
      } catch (error) {
        const detail = error instanceof OutboundError ? error.message : 'the webhook could not be reached';
        return { ...output, delivered: false, status: 'failed', statusDetail: `The message was not delivered: ${detail}.` };
      }
    },
  };
}
