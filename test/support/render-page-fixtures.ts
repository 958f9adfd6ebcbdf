import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import type { PagePlan } from '../../src/domain/tools/page-renderer/page-plan.ts';

/** What the page renderer's tests share: a parser that keeps its errors, ways to look into what it parsed, and a full plan. */
export type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

export interface ParsedPage {
  document: DefaultTreeAdapterTypes.Document;
  errors: string[];
  all: Element[];
}

/** Parses a page as a browser would, keeping each parse error and every element in document order. */
export function parsePage(html: string): ParsedPage {
  const errors: string[] = [];
  const document = parse(html, { onParseError: (error) => errors.push(`${error.code} at line ${error.startLine}, column ${error.startCol}`) });
  return { document, errors, all: descendants(document) };
}

export function descendants(node: ParentNode): Element[] {
  return node.childNodes.flatMap((child) => ('tagName' in child ? [child, ...descendants(child)] : []));
}

export function byTag(page: ParsedPage | Element, tagName: string): Element[] {
  const elements = 'all' in page ? page.all : descendants(page);
  return elements.filter((element) => element.tagName === tagName);
}

export function textOf(node: ParentNode): string {
  return node.childNodes.map((child) => ('value' in child && child.nodeName === '#text' ? child.value : 'childNodes' in child ? textOf(child) : '')).join('');
}

export function attributeOf(element: Element, name: string): string | undefined {
  return element.attrs.find((attribute) => attribute.name === name)?.value;
}

export function headingLevels(page: ParsedPage): number[] {
  return page.all.filter((element) => /^h[1-6]$/.test(element.tagName)).map((element) => Number(element.tagName.slice(1)));
}

/** A plan with every kind of section, links, calls to action and placeholders; `overrides` replace its fields. */
export function plan(overrides: Partial<PagePlan> = {}): PagePlan {
  return {
    title: 'Ledger Pilot: bookkeeping for freelancers',
    metaDescription: 'Ledger Pilot sorts your receipts, tracks invoices and gets your taxes ready, so you spend your evenings on clients, not spreadsheets.',
    language: undefined,
    primaryCta: 'Start my free trial',
    primaryCtaUrl: '/signup',
    navigation: [
      { label: 'Features', url: '#features' },
      { label: 'Pricing', url: '#pricing' },
      { label: 'FAQ', url: '#faq' },
    ],
    sections: [
      { type: 'hero', heading: 'Bookkeeping that does itself', body: 'Snap a receipt; Ledger Pilot does the rest.', items: [], ctaLabel: undefined, ctaUrl: undefined },
      { type: 'problem', heading: 'Evenings lost to spreadsheets', body: 'Receipts pile up.\n\nInvoices go unpaid.\nTaxes loom.', items: [], ctaLabel: undefined, ctaUrl: undefined },
      {
        type: 'features',
        heading: 'What it does',
        body: '',
        items: [
          { title: 'Receipt capture', text: 'Photograph a receipt and it is filed.', url: undefined },
          { title: 'Invoice tracking', text: 'See who owes you what.', url: '/features/invoices' },
        ],
        ctaLabel: undefined,
        ctaUrl: undefined,
      },
      {
        type: 'how-it-works',
        heading: 'How it works',
        body: 'Three steps.',
        items: [
          { title: 'Connect your bank', text: undefined, url: undefined },
          { title: 'Snap receipts', text: 'From your phone.', url: undefined },
        ],
        ctaLabel: undefined,
        ctaUrl: undefined,
      },
      {
        type: 'testimonials',
        heading: 'What freelancers say',
        body: '',
        items: [
          { title: '[Customer name: to be supplied]', text: '[Customer quote: to be supplied]', url: undefined },
          { title: 'A quote without attribution', text: undefined, url: undefined },
        ],
        ctaLabel: undefined,
        ctaUrl: undefined,
      },
      {
        type: 'pricing',
        heading: 'Simple pricing',
        body: '[Prices: to be supplied]',
        items: [{ title: 'Solo', text: '[Price to be supplied]', url: undefined }],
        ctaLabel: 'Choose a plan',
        ctaUrl: 'https://app.example.com/plans',
      },
      {
        type: 'faq',
        heading: 'Questions',
        body: '',
        items: [
          { title: 'Can I cancel?', text: 'Yes, at any time.', url: undefined },
          { title: 'Is my data safe?', text: undefined, url: undefined },
        ],
        ctaLabel: undefined,
        ctaUrl: undefined,
      },
      { type: 'cta', heading: 'Ready for calmer evenings?', body: 'Try it free for 14 days.', items: [], ctaLabel: undefined, ctaUrl: undefined },
      {
        type: 'footer',
        heading: 'Ledger Pilot',
        body: 'Made for freelancers.',
        items: [
          { title: 'Privacy', text: undefined, url: '/privacy' },
          { title: 'Contact', text: 'we answer within a day', url: 'mailto:hello@example.com' },
        ],
        ctaLabel: undefined,
        ctaUrl: undefined,
      },
    ],
    ...overrides,
  };
}
