import { z } from 'zod';
import { analyticsGroupings, maxAnalyticsSpanDays } from '../../domain/analytics/analytics-query.ts';

export const analyticsQuerySchema = z.object({
  from: z.string().max(32).optional().describe('First UTC day, YYYY-MM-DD; default: 29 days before `to`'),
  to: z.string().max(32).optional().describe(`Last UTC day, YYYY-MM-DD, included; default: today. At most ${maxAnalyticsSpanDays} days from \`from\` to \`to\``),
  groupBy: z.enum(analyticsGroupings).optional().describe('What the series is keyed by; default: day'),
  account: z.string().min(1).max(200).optional().describe('With the admin token: one account instead of all. With an API key: only your own'),
});

const figures = {
  requests: z.number().int().describe('Finished runs: succeeded + failed + blocked'),
  succeeded: z.number().int(),
  failed: z.number().int().describe('Model or upstream failures (500, 502)'),
  blocked: z.number().int().describe('Refused by a safety layer (422)'),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  costUsd: z.number().describe('Rounded to 6 decimals'),
  latencyMsP50: z.number().nullable().describe('Median run latency from 1.25× latency buckets (within one bucket of the exact value), to 0.1 ms; null without runs'),
  latencyMsP95: z.number().nullable(),
  safety: z
    .object({
      flagged: z.record(z.string(), z.number().int()).describe('Verdicts `flag` per safety layer: found and answered (a layer in `flag` mode, PII allowed, a critic\'s doubts)'),
      blocked: z.record(z.string(), z.number().int()).describe('Verdicts `block` per safety layer: refused, or for output layers regenerated'),
    })
    .describe('Safety verdicts of these runs per layer, any stage; a layer without any is absent'),
};

export const analyticsFiguresSchema = z.object(figures);

export const analyticsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(analyticsGroupings),
  scope: z.enum(['account', 'all']).describe('`all`: every run of the service, anonymous free-tier runs included (admin token only)'),
  account: z.string().nullable().describe('The account reported on; null for all'),
  totals: analyticsFiguresSchema,
  series: z
    .array(z.object({ key: z.string().nullable().describe('The day, agent, model or provider; null for runs no model answered'), ...figures }))
    .describe('By day: every day of the range, oldest first, zeros included. Otherwise most requests first'),
});
