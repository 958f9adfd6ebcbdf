import type { PiiAction, ScannedString, TextLayerContext, TextLayerResult, TextSafetyLayer } from '../../safety-layer.ts';
import type { PiiType } from './pii-finding.ts';
import { applyReplacements, Placeholders, type Replacement } from './redaction.ts';
import { scanNormalized, type TextPii } from './scan-normalized.ts';

/**
 * The PII layer: finds emails, phone numbers, payment cards, IBANs, SSNs, IP addresses and secrets in every
 * string (and in what encoded spans decode to), then blocks, redacts or lets them through per the policy.
 * The report holds types, counts and a score, never a value.
 */
export function createPiiLayer(): TextSafetyLayer {
  return { name: 'pii', stages: ['input', 'tool', 'output'], scan: scanPii };
}

/** The layer's scan, synchronous: findings per the policy, and the redacted strings when it redacts. */
export function scanPii(strings: readonly ScannedString[], context: TextLayerContext): TextLayerResult {
  const scanned = strings.map((string) => scanNormalized(string.normalized));
  const counts: Partial<Record<PiiType, number>> = {};
  let score = 0;
  for (const { direct, encoded } of scanned) {
    for (const finding of [...direct, ...encoded.flatMap((span) => span.findings)]) {
      counts[finding.type] = (counts[finding.type] ?? 0) + 1;
      score = Math.max(score, finding.score);
    }
  }
  const types = (Object.keys(counts) as PiiType[]).sort();
  if (types.length === 0) return { report: { verdict: 'pass', score: 0, categories: [] } };

  // Only the caller's own request is refused for PII. Outputs (the caller asked for them, the model already
  // ran) and text a tool fetched (the caller did not write it) are redacted instead.
  const actionOf = (type: PiiType): PiiAction => {
    const action = context.policy.pii[type] ?? 'allow';
    return action === 'block' && context.stage !== 'input' ? 'redact' : action;
  };
  const report = { score, categories: types, findings: counts as Record<string, number> };
  if (types.some((type) => actionOf(type) === 'block')) return { report: { verdict: 'block', ...report } };
  if (!types.some((type) => actionOf(type) === 'redact')) return { report: { verdict: 'flag', ...report } };

  const placeholders = new Placeholders();
  const rewritten = strings.map((string, index) => {
    const replacements = replacementsFor(scanned[index] ?? { direct: [], encoded: [] }, actionOf);
    return replacements.length === 0 ? undefined : applyReplacements(string.normalized.text, replacements, placeholders);
  });
  return { report: { verdict: 'redact', ...report }, rewritten };
}

/** What to replace in one string: each finding to redact, and each encoded span hiding one (replaced whole). */
function replacementsFor(pii: TextPii, actionOf: (type: PiiType) => PiiAction): Replacement[] {
  // A finding is a replacement as it is: its start, end, type and key.
  const replacements: Replacement[] = pii.direct.filter((finding) => actionOf(finding.type) === 'redact');
  for (const span of pii.encoded) {
    const named = span.findings.filter((finding) => actionOf(finding.type) === 'redact').sort((a, b) => b.score - a.score)[0];
    if (named !== undefined) replacements.push({ start: span.start, end: span.end, type: named.type, key: named.key });
  }
  return replacements;
}
