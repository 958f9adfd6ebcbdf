/** The PII types this layer knows, as named in the safety policy. */
export const piiTypes = ['email', 'phone', 'card', 'iban', 'ssn', 'ip', 'secret'] as const;

export type PiiType = (typeof piiTypes)[number];

/** One piece of PII in a text: its type, where it is (offsets into the scanned text) and how sure we are. */
export interface PiiFinding {
  type: PiiType;
  start: number;
  end: number;
  /** 0–1, after context. */
  score: number;
}

/** What a recognizer proposes before context is weighed: a validated match with its base confidence. */
export interface PiiCandidate {
  type: PiiType;
  start: number;
  end: number;
  score: number;
}

/** A finding counts when its score reaches its type's threshold. */
export const thresholds: Readonly<Record<PiiType, number>> = {
  email: 0.5,
  phone: 0.5,
  card: 0.5,
  iban: 0.5,
  ssn: 0.5,
  ip: 0.5,
  secret: 0.5,
};

/** When two findings overlap with equal scores, the more specific type keeps the characters. */
export const specificity: Readonly<Record<PiiType, number>> = {
  secret: 7,
  email: 6,
  iban: 5,
  card: 4,
  ssn: 3,
  ip: 2,
  phone: 1,
};
