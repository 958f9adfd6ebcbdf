import { attribute, escapeHtml, escapeLine, safeUrl } from './html-safety.ts';
import type { PlanItem, PlanSection } from './page-plan.ts';

/** How one section is placed on the page: its anchor, its heading level and the page's default call to action. */
export interface SectionPlacement {
  id: string;
  headingLevel: 1 | 2;
  primaryCta: string | undefined;
  primaryCtaUrl: string | undefined;
}

/** One plan section as a `<section>` named by its heading; the layout of its items depends on its type. */
export function renderSection(section: PlanSection, placement: SectionPlacement): string {
  const headingId = `${placement.id}-heading`;
  const level = placement.headingLevel;
  const parts = [
    `<section${attribute('id', placement.id)}${attribute('class', sectionClass(section.type, level))}${attribute('aria-labelledby', headingId)}>`,
    '<div class="wrap">',
    `<h${level}${attribute('id', headingId)}>${escapeLine(section.heading)}</h${level}>`,
    paragraphs(section.body),
    renderItems(section),
    callToAction(section, placement),
    '</div>',
    '</section>',
  ];
  return parts.filter(Boolean).join('\n');
}

function sectionClass(type: string, level: 1 | 2): string {
  const typeClass = /^[a-z][a-z0-9-]*$/.test(type) ? ` section-${type}` : '';
  return level === 1 ? `hero${typeClass}` : `section${typeClass}`;
}

function renderItems(section: PlanSection): string {
  const items = section.items.filter((item) => item.title.trim() !== '');
  if (items.length === 0) return '';
  switch (section.type) {
    case 'testimonials':
      return `<div class="cards">\n${items.map(testimonial).join('\n')}\n</div>`;
    case 'faq':
      return `<div class="faq">\n${items.map(question).join('\n')}\n</div>`;
    case 'how-it-works':
      return `<ol class="steps">\n${items.map((item) => `<li>${card(item)}</li>`).join('\n')}\n</ol>`;
    case 'footer':
      return `<ul>\n${items.map((item) => `<li>${footerItem(item)}</li>`).join('\n')}\n</ul>`;
    default:
      return `<ul class="cards">\n${items.map((item) => `<li>${card(item)}</li>`).join('\n')}\n</ul>`;
  }
}

/** A titled entry (a feature, benefit, step or plan), its title a link when the plan gives one. */
function card(item: PlanItem): string {
  const text = item.text ? `\n<p>${escapeLine(item.text)}</p>` : '';
  return `<h3>${linked(item)}</h3>${text}`;
}

/**
 * A quote as the plan gives it: the quote is the item's text and its title the attribution; an item with
 * only a title is a quote without attribution. Nothing is added to what the plan says.
 */
function testimonial(item: PlanItem): string {
  const quote = item.text ?? item.title;
  const caption = item.text ? `\n<figcaption>${escapeLine(item.title)}</figcaption>` : '';
  return `<figure class="quote">\n<blockquote>${paragraphs(quote)}</blockquote>${caption}\n</figure>`;
}

function question(item: PlanItem): string {
  const answer = item.text ? `\n${paragraphs(item.text)}` : '';
  return `<details>\n<summary>${escapeLine(item.title)}</summary>${answer}\n</details>`;
}

function footerItem(item: PlanItem): string {
  const text = item.text ? ` ${escapeLine(item.text)}` : '';
  return `${linked(item)}${text}`;
}

function linked(item: PlanItem): string {
  return item.url ? `<a${attribute('href', safeUrl(item.url))}>${escapeLine(item.title)}</a>` : escapeLine(item.title);
}

/**
 * The section's call to action as a link styled as a button. Hero and cta sections fall back on the page's
 * primary call to action, which is the point of those sections; others show one only when they name it.
 */
function callToAction(section: PlanSection, placement: SectionPlacement): string {
  const usesPrimary = placement.headingLevel === 1 || section.type === 'hero' || section.type === 'cta';
  const label = section.ctaLabel ?? (usesPrimary ? placement.primaryCta : undefined);
  if (!label) return '';
  const url = safeUrl(section.ctaUrl ?? placement.primaryCtaUrl);
  return `<p class="actions"><a class="button"${attribute('href', url)}>${escapeLine(label)}</a></p>`;
}

/** Plain text as paragraphs: a blank line starts a new one, a single line break stays a break. */
export function paragraphs(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.split('\n').map((line) => escapeHtml(line.trim())).join('<br>\n')}</p>`)
    .join('\n');
}
