import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/test-app.ts';
import { startAppWithTestSite, type AppWithTestSite } from '../support/test-site.ts';

/** Explicit fields honoured in what the caller gets, over HTTP on the sandbox provider. */
let environment: AppWithTestSite;

beforeAll(async () => {
  environment = await startAppWithTestSite('promises-user');
});
afterAll(async () => environment.close());

async function run(agent: string, body: Record<string, unknown>) {
  const response = await environment.testApp.app.inject({
    method: 'POST',
    url: `/api/agents/${agent}`,
    headers: { ...bearer(environment.key), 'content-type': 'application/json' },
    payload: JSON.stringify({ confirmed: true, ...body }),
  });
  return { status: response.statusCode, body: response.json() };
}

describe('agents honour the fields of the request', () => {
  it('email-sequence: as many emails as steps, numbered, on ascending days', async () => {
    for (const steps of [1, 4, 7]) {
      const { status, body } = await run('email-sequence', { product: 'A bookkeeping app for freelancers', audience: 'freelance designers', steps });
      expect(status).toBe(200);
      const emails = body.data.emails as { step: number; sendDay: number }[];
      expect(emails).toHaveLength(steps);
      expect(emails.map((email) => email.step)).toEqual(Array.from({ length: steps }, (_, index) => index + 1));
      expect(emails.map((email) => email.sendDay)).toEqual([...emails.map((email) => email.sendDay)].sort((left, right) => left - right));
    }
  });

  it('email-sequence: five emails when steps is not given, as its schema says', async () => {
    const { body } = await run('email-sequence', { product: 'A bookkeeping app for freelancers' });
    expect(body.data.emails).toHaveLength(5);
  });

  it('smart-router keeps the priority asked for, brand-voice the brand name and action', async () => {
    expect((await run('smart-router', { task_type: 'summarise a support thread', priority: 'speed' })).body.data.priority).toBe('speed');
    const voice = await run('brand-voice', { action: 'generate', brand_name: 'Northwind Tea', samples: ['We brew slowly.', 'Tea first, talk later.', 'Leaves, water, patience.'] });
    expect(voice.body.data).toMatchObject({ action: 'generate', brand: 'Northwind Tea', content: expect.any(String) });
  });

  it('brand-voice learn refuses fewer than three samples, naming the field', async () => {
    const { status, body } = await run('brand-voice', { action: 'learn', brand_name: 'Northwind Tea', samples: ['We brew slowly.'] });
    expect(status).toBe(400);
    expect(body.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'samples', message: expect.stringContaining('at least 3') })]));
  });

  it('meeting-notes lists only people who are in the transcript, and keeps the title given', async () => {
    const transcript = 'Maria: the launch moves to Friday.\nKenji: I will update the release notes by Thursday.\nMaria: agreed, and support gets a briefing.';
    const { body } = await run('meeting-notes', { transcript, title: 'Launch sync' });
    expect(body.data.title).toBe('Launch sync');
    for (const name of body.data.attendees as string[]) expect(transcript.toLowerCase()).toContain(name.toLowerCase());
    for (const item of body.data.actionItems as { owner?: string }[]) if (item.owner) expect(transcript.toLowerCase()).toContain(item.owner.toLowerCase());
  });

  it('seo-dominator answers the mode asked for, with its content plan', async () => {
    const { status, body } = await run('seo-dominator', { domain: `${environment.site.origin}/`, keywords: ['project software', 'gantt charts'], mode: 'content-plan' });
    expect(status).toBe(200);
    expect(body.data.mode).toBe('content-plan');
    expect(body.data.contentPlan.length).toBeGreaterThan(0);
    // The score follows the issues, as the agent's instructions define it, and measured issues quote the page.
    const cost = { high: 15, medium: 6, low: 2 } as Record<string, number>;
    const issues = body.data.issues as { severity: string; evidence?: string }[];
    expect(body.data.score).toBe(Math.max(0, 100 - issues.reduce((total, issue) => total + (cost[issue.severity] ?? 0), 0)));
    if (body.data.pageFacts.metaDescription.text === null) expect(issues.some((issue) => issue.evidence === 'Measured: no meta description')).toBe(true);
  });

  it('translate reports the languages as given, and the sandbox hands the text back rather than filler', async () => {
    const { body } = await run('translate', { text: 'The invoice is attached.', target_lang: 'de', source_lang: 'en' });
    expect(body.data).toMatchObject({ target_lang: 'de', source_lang: 'en', translation: 'The invoice is attached.' });
  });

  it('invoice-drafter does its sums in code from the line items sent, whatever the model wrote', async () => {
    const lineItems = [
      { description: 'Workshop', quantity: 2, unitPrice: 950, taxRatePercent: 20 },
      { description: 'Travel', quantity: 1, unitPrice: 180.5 },
    ];
    const { status, body } = await run('invoice-drafter', { lineItems, currency: 'EUR', taxRatePercent: 10, seller: 'Acme GmbH', buyer: 'Northwind AB' });
    expect(status).toBe(200);
    expect(body.data.lineItems.map((line: { quantity: number; lineTotal: number }) => [line.quantity, line.lineTotal])).toEqual([[2, 1900], [1, 180.5]]);
    expect(body.data.subtotal).toBe(2080.5);
    expect(body.data.taxLines.map((line: { ratePercent: number; taxAmount: number }) => [line.ratePercent, line.taxAmount])).toEqual([[10, 18.05], [20, 380]]);
    expect(body.data.totalDue).toBe(2478.55);
  });

  it('unit-economics computes its metrics in code from the figures sent', async () => {
    const { status, body } = await run('unit-economics', { salesAndMarketingSpend: 30_000, newCustomers: 20, averageRevenuePerAccount: 250, grossMarginPercent: 80, monthlyChurnPercent: 2, currency: 'USD' });
    expect(status).toBe(200);
    const metrics = Object.fromEntries((body.data.metrics as { metric: string; value: number }[]).map((metric) => [metric.metric, metric.value]));
    expect(metrics).toMatchObject({ CAC: 1500, 'customer-lifetime': 50, LTV: 10_000, 'LTV-to-CAC': 6.67, 'CAC-payback': 7.5 });
  });

  it('employee-survey-analysis computes the eNPS and the response rate in code from the counts sent', async () => {
    const { status, body } = await run('employee-survey-analysis', { results: 'Comments: more focus time, clearer goals.', promoters: 42, passives: 30, detractors: 28, invited: 160 });
    expect(status).toBe(200);
    // The tool's fields are part of what the agent's description says its output is held to.
    const detail = await environment.testApp.app.inject({ method: 'GET', url: '/api/agents/employee-survey-analysis' });
    expect(detail.json().data.promises).toContain('the `enps` tool computes from `promoters`, `passives`, `detractors`, `invited`');
    expect(body.data.enps).toMatchObject({ promoters: 42, passives: 30, detractors: 28, respondents: 100, score: 14, calculation: '42 / 100 x 100 - 28 / 100 x 100 = 42 - 28 = 14' });
    expect(body.data.responseRate).toBe('100 of 160 invited (62.5%)');
  });

  it('cash-flow-forecast chains every balance in code from the opening balance sent', async () => {
    const { status, body } = await run('cash-flow-forecast', { openingBalance: 80_000, cashFlows: 'Revenue 30k a month, payroll 40k a month', periods: 4, currency: 'EUR', minimumCash: 50_000 });
    expect(status).toBe(200);
    const periods = body.data.periods as { opening: number; inflows: number; outflows: number; closing: number }[];
    expect(periods).toHaveLength(4);
    let opening = 80_000;
    for (const period of periods) {
      expect(period.opening).toBe(opening);
      expect(period.closing).toBeCloseTo(period.opening + period.inflows - period.outflows, 2);
      opening = period.closing;
    }
    expect(body.data.lowestBalance.amount).toBe(Math.min(...periods.map((period) => period.closing)));
  });
});
