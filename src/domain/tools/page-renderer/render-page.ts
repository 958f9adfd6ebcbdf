import { attribute, escapeLine, safeUrl } from './html-safety.ts';
import type { PagePlan, PlanSection } from './page-plan.ts';
import { pageStyle } from './page-style.ts';
import { renderSection } from './render-sections.ts';

/**
 * Defence in depth: even if something slipped through escaping, the page may run no script and load
 * nothing; only its own inline stylesheet applies.
 */
const contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/** Primary language subtags written right to left. */
const rightToLeft = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'ps', 'sd', 'ug', 'ur', 'yi']);

/**
 * The plan as one complete, self-contained HTML5 document: no script, no external resource, every piece of
 * plan text escaped and every URL checked (see html-safety.ts).
 *
 * Landmarks: a skip link, then `header` (the page name, and `nav` when the plan has links), `main` and
 * `footer` (the plan's footer sections). The first hero section opens `main` and holds the only `h1`,
 * wherever the plan lists it, since a hero is by definition the top of the page; with no hero, the page
 * title is the `h1`. Every other section has an `h2` and its items `h3`, so heading levels never skip.
 */
export function renderPage(plan: PagePlan): string {
  const language = languageOf(plan.language);
  const placement = (id: string, headingLevel: 1 | 2) => ({ id, headingLevel, primaryCta: plan.primaryCta, primaryCtaUrl: plan.primaryCtaUrl });
  const ids = new SectionIds();

  const hero = plan.sections.find((section) => section.type === 'hero');
  const body = plan.sections.filter((section) => section !== hero && section.type !== 'footer');
  const footers = plan.sections.filter((section) => section.type === 'footer');

  const main = [
    hero ? renderSection(hero, placement(ids.next(hero), 1)) : `<div class="wrap">\n<h1>${escapeLine(plan.title)}</h1>\n</div>`,
    ...body.map((section) => renderSection(section, placement(ids.next(section), 2))),
  ];
  const footer = footers.length > 0
    ? footers.map((section) => renderSection(section, placement(ids.next(section), 2)))
    : [`<div class="wrap">\n<p>${escapeLine(plan.title)}</p>\n</div>`];

  return [
    '<!doctype html>',
    `<html${attribute('lang', language)}${attribute('dir', rightToLeft.has(language.split('-')[0]?.toLowerCase() ?? '') ? 'rtl' : 'ltr')}>`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta http-equiv="Content-Security-Policy"${attribute('content', contentSecurityPolicy)}>`,
    `<title>${escapeLine(plan.title)}</title>`,
    `<meta name="description"${attribute('content', plan.metaDescription.replace(/\s+/g, ' ').trim())}>`,
    `<style>${pageStyle}</style>`,
    '</head>',
    '<body>',
    '<a class="skip-link" href="#main">Skip to main content</a>',
    '<header class="site-header">',
    '<div class="wrap">',
    `<p class="brand">${escapeLine(plan.title)}</p>`,
    navigation(plan),
    '</div>',
    '</header>',
    '<main id="main" tabindex="-1">',
    ...main,
    '</main>',
    '<footer class="site-footer">',
    ...footer,
    '</footer>',
    '</body>',
    '</html>',
  ]
    .filter(Boolean)
    .join('\n')
    .concat('\n');
}

function navigation(plan: PagePlan): string {
  if (plan.navigation.length === 0) return '';
  const links = plan.navigation.map((link) => `<li><a${attribute('href', safeUrl(link.url))}>${escapeLine(link.label)}</a></li>`);
  return `<nav aria-label="Main">\n<ul>\n${links.join('\n')}\n</ul>\n</nav>`;
}

/** A well-formed BCP 47 tag from the plan, or English. */
function languageOf(language: string | undefined): string {
  const tag = language?.trim() ?? '';
  return /^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i.test(tag) ? tag : 'en';
}

/** Anchors named after section types ("#pricing"), numbered from the second of a type ("#features-2"). */
class SectionIds {
  // "main" is the skip link's target.
  readonly #used = new Map<string, number>([['main', 1]]);

  next(section: PlanSection): string {
    const base = /^[a-z][a-z0-9-]*$/.test(section.type) ? section.type : 'section';
    const count = (this.#used.get(base) ?? 0) + 1;
    this.#used.set(base, count);
    return count === 1 ? base : `${base}-${count}`;
  }
}
