import type { AnalyticsReport } from '../../domain/analytics/analytics-service.ts';

/** A report as GET /api/analytics answers it. */
export function presentAnalyticsReport(report: AnalyticsReport) {
  return {
    from: report.from,
    to: report.to,
    groupBy: report.groupBy,
    scope: report.scope,
    account: report.accountId,
    totals: report.totals,
    series: report.series,
  };
}
