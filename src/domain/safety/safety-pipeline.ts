import { performance } from 'node:perf_hooks';
import { applyRubric, rubricScore, failedCriteria } from './layers/critic/critic-rubric.ts';
import type { CriticSubject, CriticVerdict, OutputCritic } from './layers/critic/output-critic.ts';
import { scoreQuality, type OutputSubject, type QualityScore } from './layers/quality/quality-scorer.ts';
import type { CriticMode, LayerReport, SafetyLayerName, SafetyPolicy, SafetyStage, ScannedString, TextSafetyLayer } from './safety-layer.ts';
import { isLayerOff, withLayerPolicy } from './layer-modes.ts';
import { runSafetyPolicy, type LayerSettings } from './policy-precedence.ts';
import { scannedString } from './scanned-string.ts';
import { defaultMaxScreenedCharacters, refuseOverScreeningLimit, truncatedToScreeningLimit } from './screened-characters.ts';
import { collectStrings, replaceStrings, type LocatedString } from './text/request-strings.ts';
import { screenToolText, type FetchedText, type ToolTextScreening } from './tool-text-screening.ts';

/** The pipeline's order, in one place: which layers look at the request, and which at the output. */
export const inputLayerOrder = ['jailbreak', 'pii', 'content'] as const satisfies readonly SafetyLayerName[];
/** The output's text layers, then the two that judge the output as a whole. */
export const outputTextLayerOrder = ['pii', 'content'] as const satisfies readonly SafetyLayerName[];
export const outputLayerOrder = [...outputTextLayerOrder, 'quality', 'critic'] as const satisfies readonly SafetyLayerName[];

export interface SafetyPipelineOptions {
  maxScreenedCharacters?: number | undefined;
  defaults?: LayerSettings | undefined;
}

export interface SafetyLayers {
  jailbreak: TextSafetyLayer;
  pii: TextSafetyLayer;
  content: TextSafetyLayer;
  critic: OutputCritic;
}

/** Which layer stopped the text, and what it found (types and counts, never values). */
export interface SafetyBlock {
  layer: SafetyLayerName;
  categories: string[];
  findings?: Record<string, number>;
}

export interface TextScreening<Value> {
  reports: LayerReport[];
  /** The value with every redaction applied; the same object when nothing was redacted. */
  value: Value;
  blocked?: SafetyBlock;
}

export interface QualityAssessment {
  report: LayerReport;
  quality: QualityScore;
  /** Below the agent's threshold: the runner regenerates on the next model. */
  belowThreshold: boolean;
}

export interface CriticReview {
  report: LayerReport;
  verdict: CriticVerdict;
}

/**
 * The five layers in their order. Text layers read every string, normalised once; a layer that blocks stops
 * the ones after it, and a redacting layer's replacements are what the model (or the caller) gets.
 */
export class SafetyPipeline {
  readonly #layers: SafetyLayers;
  readonly #maxScreenedCharacters: number;
  readonly #defaults: LayerSettings;

  /** `defaults`: the service-wide layer modes and thresholds, for what neither a plan nor an agent sets. */
  constructor(layers: SafetyLayers, options: SafetyPipelineOptions = {}) {
    this.#layers = layers;
    this.#maxScreenedCharacters = options.maxScreenedCharacters ?? defaultMaxScreenedCharacters;
    this.#defaults = options.defaults ?? {};
  }

  /**
   * The policy a run is screened under: the agent's, with the layer modes and thresholds its catalog file,
   * the caller's plan and the service set, in that precedence (see runSafetyPolicy).
   */
  policyFor(agent: { safetyPolicy: SafetyPolicy; safety?: LayerSettings | undefined }, plan?: LayerSettings): SafetyPolicy {
    return runSafetyPolicy(agent.safetyPolicy, { service: this.#defaults, plan, agent: agent.safety });
  }

  /**
   * 413 `payload_too_large` when the strings screenInput would read (every one except the keys in `skip`)
   * are together longer than the screening limit. Cheap: callers check it before counting or storing anything.
   */
  checkInputSize(request: unknown, skip: ReadonlySet<string>): void {
    refuseOverScreeningLimit(collectStrings(request, skip), this.#maxScreenedCharacters);
  }

  /** Layers 1–3 on the request: every string of it except the keys in `skip`; 413 past the screening limit. */
  async screenInput<Value>(request: Value, policy: SafetyPolicy, skip: ReadonlySet<string>): Promise<TextScreening<Value>> {
    const strings = collectStrings(request, skip);
    refuseOverScreeningLimit(strings, this.#maxScreenedCharacters);
    return this.#screen('input', inputLayerOrder, request, strings, policy);
  }

  /**
   * Layers 1–2 on text tools fetched from outside, before a model sees it (see tool-text-screening.ts). The
   * texts are first cut to the screening limit, together: what lies past it is neither screened nor shown.
   */
  screenToolText(fetched: readonly FetchedText[], policy: SafetyPolicy): Promise<ToolTextScreening> {
    const texts = truncatedToScreeningLimit(fetched.map((entry) => entry.text), this.#maxScreenedCharacters);
    return screenToolText(this.#layers, fetched.map((entry, index) => ({ source: entry.source, text: texts[index] ?? '' })), policy);
  }

  /**
   * Layer 2 alone, for what the service stores: every string of the value (except the keys in `skip`) with
   * the PII the policy keeps from models replaced by placeholders. At the `input` stage a type the policy
   * blocks refuses the value, as it would the request; at `output` it is redacted.
   */
  screenPii<Value>(value: Value, policy: SafetyPolicy, stage: 'input' | 'output', skip: ReadonlySet<string> = new Set()): Promise<TextScreening<Value>> {
    return this.#screen(stage, ['pii'], value, collectStrings(value, skip), policy);
  }

  /** Layers 2–3 on the model's output. */
  screenOutput<Value>(output: Value, policy: SafetyPolicy): Promise<TextScreening<Value>> {
    return this.#screen('output', outputTextLayerOrder, output, collectStrings(output), policy);
  }

  /** Layer 4: the deterministic quality score against the agent's threshold. */
  assessQuality(subject: OutputSubject, policy: SafetyPolicy): QualityAssessment {
    const started = performance.now();
    const quality = scoreQuality(subject);
    const belowThreshold = quality.score < policy.qualityThreshold;
    const report: LayerReport = {
      layer: 'quality',
      stage: 'output',
      verdict: belowThreshold ? 'block' : quality.failed.length > 0 ? 'flag' : 'pass',
      score: quality.score,
      categories: quality.failed,
      ms: elapsed(started),
    };
    return { report, quality, belowThreshold };
  }

  /**
   * Layer 5: the critic's review, reported; it does not withhold the output. Under the policy's `critic` mode
   * a model reviews every output (`model`), only the outputs the cheaper layers are unsure of (`risk`: a layer
   * flagged or redacted something, or the deterministic rubric fails a criterion), or none (`rubric`).
   */
  async review(subject: CriticSubject, policy: SafetyPolicy): Promise<CriticReview> {
    const started = performance.now();
    const verdict = await this.#criticVerdict(subject, policy.critic ?? 'risk');
    const score = rubricScore(verdict.results);
    const categories: string[] = failedCriteria(verdict.results);
    if (verdict.fallback) categories.push(verdict.fallback);
    const report: LayerReport = {
      layer: 'critic',
      stage: 'output',
      verdict: score >= 0.6 ? 'pass' : 'flag',
      score,
      categories,
      reviewer: verdict.reviewer,
      ms: elapsed(started),
    };
    return { report, verdict };
  }

  async #criticVerdict(subject: CriticSubject, mode: CriticMode): Promise<CriticVerdict> {
    if (mode === 'model') return this.#layers.critic.review(subject);
    const rubric: CriticVerdict = { results: applyRubric(subject.evidence), reviewer: 'rubric' };
    const unsure = subject.doubts.length > 0 || failedCriteria(rubric.results).length > 0;
    return mode === 'risk' && unsure ? this.#layers.critic.review(subject) : rubric;
  }

  async #screen<Value>(stage: SafetyStage, order: readonly ('jailbreak' | 'pii' | 'content')[], value: Value, located: LocatedString[], policy: SafetyPolicy): Promise<TextScreening<Value>> {
    const strings = located.map((entry) => scannedString(entry.path, entry.text));
    const reports: LayerReport[] = [];
    const replacements = new Map<string, string>();
    for (const name of order) {
      // A layer the policy turns off is not run, and has no report.
      if (name !== 'pii' && isLayerOff(policy, name, stage)) continue;
      const started = performance.now();
      const scanned = await this.#layers[name].scan(strings, { stage, policy });
      const report = name === 'pii' ? scanned.report : withLayerPolicy(name, stage, scanned.report, policy);
      const { rewritten } = scanned;
      reports.push({ layer: name, stage, ...report, score: Math.round(report.score * 1000) / 1000, ms: elapsed(started) });
      if (report.verdict === 'block') {
        const blocked: SafetyBlock = { layer: name, categories: report.categories, ...(report.findings ? { findings: report.findings } : {}) };
        return { reports, value, blocked };
      }
      // Later layers read the redacted text: a moderation model must not be shown what was just removed.
      rewritten?.forEach((text, index) => {
        const previous = strings[index];
        if (text === undefined || previous === undefined) return;
        replacements.set(previous.path, text);
        strings[index] = redactedString(previous, text);
      });
    }
    return { reports, value: replaceStrings(value, replacements) };
  }
}

/**
 * A string after redaction. The text is already normalised (placeholders are plain ASCII); only when the
 * string had encoded spans is it read again, since a span that held a value was replaced whole.
 */
function redactedString(previous: ScannedString, text: string): ScannedString {
  if (previous.normalized.decoded.length === 0) return { path: previous.path, original: text, normalized: { text, decoded: [] } };
  return scannedString(previous.path, text);
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 1000) / 1000;
}
