/** How well a lead fits, per criterion, 0-10 as the model judged it from the evidence. */
export interface LeadFit {
  industry: number;
  location: number;
  need: number;
}

/**
 * The score is computed, not asked for: 40% industry fit, 30% location fit, 30% need signals, on 0-100.
 * When the request named no location, location carries no weight and the other two share it (55/45).
 */
export function scoreLead(fit: LeadFit, locationRequested: boolean): number {
  const clamp = (value: number) => Math.min(10, Math.max(0, value));
  const weighted = locationRequested
    ? 0.4 * clamp(fit.industry) + 0.3 * clamp(fit.location) + 0.3 * clamp(fit.need)
    : 0.55 * clamp(fit.industry) + 0.45 * clamp(fit.need);
  return Math.round(weighted * 10);
}

export const scoringMethod = {
  description: '0-100 from the fit criteria: 40% industry, 30% location, 30% need signals (55/45 industry/need without a location)',
  weights: { industry: 0.4, location: 0.3, need: 0.3 },
};
