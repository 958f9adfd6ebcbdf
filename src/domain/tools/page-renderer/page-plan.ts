/** The landing-page plan page-builder's model writes (see its output schema in catalog/agents/page-builder.yaml). */
export interface PagePlan {
  title: string;
  metaDescription: string;
  /** BCP 47 tag of the copy; absent means English. */
  language: string | undefined;
  primaryCta: string | undefined;
  primaryCtaUrl: string | undefined;
  navigation: PlanLink[];
  sections: PlanSection[];
}

export interface PlanLink {
  label: string;
  url: string;
}

export interface PlanSection {
  /** hero, problem, features, benefits, how-it-works, testimonials, pricing, faq, cta or footer. */
  type: string;
  heading: string;
  body: string;
  items: PlanItem[];
  ctaLabel: string | undefined;
  ctaUrl: string | undefined;
}

export interface PlanItem {
  title: string;
  text: string | undefined;
  url: string | undefined;
}

/**
 * The plan from a model output. The output was validated against the agent's schema before tools run;
 * this only gives it a type, reading anything missing or of the wrong type as absent rather than failing.
 */
export function readPagePlan(output: Readonly<Record<string, unknown>>): PagePlan {
  return {
    title: text(output.title) ?? '',
    metaDescription: text(output.metaDescription) ?? '',
    language: text(output.language),
    primaryCta: text(output.primaryCta),
    primaryCtaUrl: text(output.primaryCtaUrl),
    navigation: records(output.navigation).flatMap((link) => {
      const label = text(link.label);
      const url = text(link.url);
      return label && url ? [{ label, url }] : [];
    }),
    sections: records(output.sections).map((section) => ({
      type: text(section.type) ?? '',
      heading: text(section.heading) ?? '',
      body: text(section.body) ?? '',
      items: records(section.items).map((item) => ({ title: text(item.title) ?? '', text: text(item.text), url: text(item.url) })),
      ctaLabel: text(section.ctaLabel),
      ctaUrl: text(section.ctaUrl),
    })),
  };
}

/** A string with something in it, or undefined. */
function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function records(value: unknown): Record<string, unknown>[] {
  if (!Array.isArray(value)) return [];
  return value.filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null && !Array.isArray(entry));
}
