import type { AgentRunSample, HttpRequestSample, QuotaRefusalSample, SafetyVerdictSample, Telemetry, UpstreamAttemptSample } from '../../src/ports/telemetry.ts';

/** Telemetry that keeps every sample it is given, for assertions. */
export class RecordingTelemetry implements Telemetry {
  readonly httpRequests: HttpRequestSample[] = [];
  readonly agentRuns: AgentRunSample[] = [];
  readonly upstreamAttempts: UpstreamAttemptSample[] = [];
  readonly safetyVerdicts: SafetyVerdictSample[] = [];
  readonly quotaRefusals: QuotaRefusalSample[] = [];

  httpRequest(sample: HttpRequestSample): void {
    this.httpRequests.push(sample);
  }

  agentRun(sample: AgentRunSample): void {
    this.agentRuns.push(sample);
  }

  upstreamAttempt(sample: UpstreamAttemptSample): void {
    this.upstreamAttempts.push(sample);
  }

  safetyVerdict(sample: SafetyVerdictSample): void {
    this.safetyVerdicts.push(sample);
  }

  quotaRefused(sample: QuotaRefusalSample): void {
    this.quotaRefusals.push(sample);
  }
}
