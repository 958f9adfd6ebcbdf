import type { NormalizedText } from './text/normalize-text.ts';

/** The five layers, named as the contract names them. */
export type SafetyLayerName = 'jailbreak' | 'pii' | 'content' | 'quality' | 'critic';

/**
 * Where a layer looked: the request before any model call, text a tool fetched from outside before the
 * model sees it, or the model's output.
 */
export type SafetyStage = 'input' | 'tool' | 'output';

/**
 * What a layer concluded:
 * - `pass`: nothing found;
 * - `flag`: something found that the policy lets through (reported, not acted on);
 * - `redact`: something found and replaced before the text went on;
 * - `block`: the text must not go on.
 * For quality and critic, `block` means "below the bar": the runner regenerates rather than refusing.
 */
export type SafetyVerdict = 'pass' | 'flag' | 'redact' | 'block';

/** One layer's entry in `meta.safety.layers`. */
export interface LayerReport {
  layer: SafetyLayerName;
  stage: SafetyStage;
  verdict: SafetyVerdict;
  /** 0–1. For jailbreak, PII and content: how likely the text is unsafe. For quality and critic: how good the output is. */
  score: number;
  /** What was found: hazard categories, PII types, failed checks or criteria. Never the text itself. */
  categories: string[];
  /** Counts per type (PII), so callers see how much was found without seeing any of it. */
  findings?: Record<string, number>;
  /** Critic only: the model that reviewed, or `rubric` for the deterministic rubric. */
  reviewer?: string;
  ms: number;
}

/** One string of a request or an output, where it was, and what the scanners read. */
export interface ScannedString {
  /** Where the string sits, e.g. `prompt`, `input.notes`, `data.summary`, `data.items.0.title`. */
  path: string;
  /** The string as received. */
  original: string;
  /** Normalised (NFKC, invisible characters removed, look-alikes folded) plus the spans that decoded. */
  normalized: NormalizedText;
}

export interface TextLayerContext {
  stage: SafetyStage;
  /** The agent's policy for this layer's findings (PII types to allow, redact or block). */
  policy: SafetyPolicy;
}

/** What a text layer returns: its report, and for a redacting layer the strings as they must go on. */
export interface TextLayerResult {
  report: Omit<LayerReport, 'layer' | 'stage' | 'ms'>;
  /** Replacement text per scanned string (same order), when the layer rewrote any; undefined otherwise. */
  rewritten?: (string | undefined)[];
}

/**
 * A layer that reads text: jailbreak detection, PII scanning, content safety. It sees every string of the
 * request (or output) already normalised, and must not keep or report the text it reads.
 */
export interface TextSafetyLayer {
  readonly name: 'jailbreak' | 'pii' | 'content';
  /** The stages this layer runs in. */
  readonly stages: readonly SafetyStage[];
  scan(strings: readonly ScannedString[], context: TextLayerContext): TextLayerResult | Promise<TextLayerResult>;
}

/** What to do with each PII type when it is found. */
export type PiiAction = 'allow' | 'redact' | 'block';

/** The per-agent safety settings; the catalog gives defaults and an agent may override any of them. */
export interface SafetyPolicy {
  /** Action per PII type (`email`, `phone`, `card`, `iban`, `ssn`, `ip`, `secret`). */
  pii: Readonly<Record<string, PiiAction>>;
  /** Output quality (0–1) below which the output is regenerated on the next model. */
  qualityThreshold: number;
  /**
   * Text fetched by a tool that carries instructions aimed at the model: `strip` removes the passages and
   * the run goes on (reported), `block` refuses the run with 422 `safety_blocked`, `flag` leaves the text
   * as it is and reports it, `off` does not look. Absent: `strip`.
   */
  toolInjection?: ToolInjectionMode;
  /** What a jailbreak found in the request does (see layer-modes.ts). Absent: `block` at the model's threshold. */
  jailbreak?: LayerPolicy;
  /** What harmful content found in the request or the output does. Absent: `block` at the layer's own bar. */
  content?: LayerPolicy;
  /** When a model reviews the output (layer 5; see CriticMode). Absent: `risk`. */
  critic?: CriticMode;
}

/**
 * When layer 5 asks a model to review the output: `model` on every run, `risk` only when the cheaper layers
 * are uncertain about it (a layer flagged or redacted something, or the deterministic rubric fails a
 * criterion), `rubric` never (the deterministic rubric alone). A model review is a second paid upstream call.
 */
export type CriticMode = 'model' | 'risk' | 'rubric';

/**
 * What a detecting layer's finding does: `block` refuses (or, on the output, regenerates), `flag` answers
 * and reports the verdict `flag`, `off` does not run the layer at all.
 */
export type LayerMode = 'block' | 'flag' | 'off';

/** A layer's mode, and the score (0–1) from which it counts as a finding when the layer's own bar is not wanted. */
export interface LayerPolicy {
  mode: LayerMode;
  threshold?: number | undefined;
}

/** What text fetched by tools that carries instructions does: `toolInjection`. */
export type ToolInjectionMode = 'block' | 'strip' | 'flag' | 'off';
