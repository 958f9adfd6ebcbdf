import { describe, expect, it } from 'vitest';
import type { PageFacts } from '../../../ports/page-inspector.ts';
import { auditIssues, auditScore } from './measured-issues.ts';

/** A page that does well on every measured point. */
const healthy: PageFacts = {
  url: 'https://shop.example/',
  finalUrl: 'https://shop.example/',
  status: 200,
  https: true,
  responseTimeMs: 240,
  redirects: [],
  title: { text: 'Handmade oak furniture for small homes | Shop', length: 45 },
  metaDescription: { text: 'Tables, chairs and shelves made from oak in our Porto workshop, delivered across Europe in two weeks.', length: 101 },
  headings: { h1: ['Oak furniture for small homes'], h2: ['Tables', 'Chairs'], h3Count: 4, h4To6Count: 0 },
  canonical: 'https://shop.example/',
  metaRobots: null,
  lang: 'en',
  viewport: true,
  images: { total: 6, withAlt: 6, missingAlt: 0, altCoverage: 1 },
  links: { internal: 24, external: 3, nofollow: 0 },
  structuredData: { jsonLdTypes: ['Organization'], microdata: false },
  openGraph: { title: true, description: true, image: true },
  wordCount: 820,
  robotsTxt: { found: true, status: 200, disallowsAll: false, sitemaps: ['https://shop.example/sitemap.xml'] },
  sitemap: { url: 'https://shop.example/sitemap.xml', found: true, urlCount: 120 },
  truncated: false,
};

const written = (title: string, severity: 'high' | 'medium' | 'low' = 'medium', evidence = '') => ({ title, severity, evidence, fix: 'Fix it' });

describe('auditIssues', () => {
  it('adds nothing to a healthy page, and drops written issues claiming missing what was measured present', () => {
    const issues = auditIssues([written('Missing meta description'), written('No XML sitemap found', 'high'), written('Thin internal linking to product pages')], healthy, 40);
    expect(issues).toEqual([written('Thin internal linking to product pages')]);
  });

  it('leads with the issues the facts show, quoting the numbers, and replaces written issues on the same topic', () => {
    const page: PageFacts = { ...healthy, title: { text: 'Shop', length: 4 }, metaDescription: { text: null, length: 0 }, headings: { ...healthy.headings, h1: [] }, sitemap: { url: null, found: false, urlCount: null }, images: { total: 10, withAlt: 2, missingAlt: 8, altCoverage: 0.2 } };
    const issues = auditIssues([written('Meta description could be better'), written('Slow image loading on mobile', 'low')], page, 40) as { title: string; evidence?: string }[];
    expect(issues.map((issue) => issue.title)).toEqual([
      'The title is only 4 characters long',
      'The page has no meta description',
      'The page has no H1 heading',
      'No XML sitemap found',
      '8 of 10 images have no alt text',
      'Slow image loading on mobile',
    ]);
    expect(issues[0]?.evidence).toBe('Measured: title "Shop" (4 characters)');
  });

  it('keeps within the limit, and scores as the instructions say', () => {
    const broken: PageFacts = { ...healthy, https: false, viewport: false, status: 404 };
    expect(auditIssues(Array.from({ length: 50 }, (_, index) => written(`Issue ${index}`)), broken, 40)).toHaveLength(40);
    expect(auditScore([{ severity: 'high' }, { severity: 'medium' }, { severity: 'low' }])).toBe(77);
    expect(auditScore(Array.from({ length: 8 }, () => ({ severity: 'high' as const })))).toBe(0);
  });
});
