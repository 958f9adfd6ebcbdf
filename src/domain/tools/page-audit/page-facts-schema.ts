import type { JsonSchema } from '../agent-tool.ts';

const text = { type: ['string', 'null'] };
const count = { type: 'integer', minimum: 0 };

/** The public schema of the measured facts (ports/page-inspector.ts PageFacts). */
export const pageFactsSchema: JsonSchema = {
  type: 'object',
  description: 'Measured on the live page by the service, not written by the model',
  properties: {
    url: { type: 'string' },
    finalUrl: { type: 'string' },
    status: { type: 'integer' },
    https: { type: 'boolean' },
    responseTimeMs: { type: 'number', minimum: 0 },
    redirects: { type: 'array', items: { type: 'string' } },
    title: { type: 'object', properties: { text, length: count }, required: ['text', 'length'] },
    metaDescription: { type: 'object', properties: { text, length: count }, required: ['text', 'length'] },
    headings: {
      type: 'object',
      properties: { h1: { type: 'array', items: { type: 'string' } }, h2: { type: 'array', items: { type: 'string' } }, h3Count: count, h4To6Count: count },
      required: ['h1', 'h2', 'h3Count', 'h4To6Count'],
    },
    canonical: text,
    metaRobots: text,
    lang: text,
    viewport: { type: 'boolean' },
    images: {
      type: 'object',
      properties: { total: count, withAlt: count, missingAlt: count, altCoverage: { type: 'number', minimum: 0, maximum: 1 } },
      required: ['total', 'withAlt', 'missingAlt', 'altCoverage'],
    },
    links: { type: 'object', properties: { internal: count, external: count, nofollow: count }, required: ['internal', 'external', 'nofollow'] },
    structuredData: {
      type: 'object',
      properties: { jsonLdTypes: { type: 'array', items: { type: 'string' } }, microdata: { type: 'boolean' } },
      required: ['jsonLdTypes', 'microdata'],
    },
    openGraph: {
      type: 'object',
      properties: { title: { type: 'boolean' }, description: { type: 'boolean' }, image: { type: 'boolean' } },
      required: ['title', 'description', 'image'],
    },
    wordCount: count,
    robotsTxt: {
      type: 'object',
      properties: { found: { type: 'boolean' }, status: { type: ['integer', 'null'] }, disallowsAll: { type: 'boolean' }, sitemaps: { type: 'array', items: { type: 'string' } } },
      required: ['found', 'status', 'disallowsAll', 'sitemaps'],
    },
    sitemap: {
      type: 'object',
      properties: { url: text, found: { type: 'boolean' }, urlCount: { type: ['integer', 'null'] } },
      required: ['url', 'found', 'urlCount'],
    },
    truncated: { type: 'boolean' },
  },
  required: [
    'url', 'finalUrl', 'status', 'https', 'responseTimeMs', 'redirects', 'title', 'metaDescription', 'headings', 'canonical', 'metaRobots', 'lang',
    'viewport', 'images', 'links', 'structuredData', 'openGraph', 'wordCount', 'robotsTxt', 'sitemap', 'truncated',
  ],
};
