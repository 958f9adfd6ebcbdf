import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from './robots-txt.ts';
import { summarizeSitemap } from './sitemap-xml.ts';

describe('parseRobotsTxt', () => {
  it('sees Disallow: / in the group for every crawler', () => {
    expect(parseRobotsTxt('User-agent: *\nDisallow: /\n').disallowsAll).toBe(true);
  });

  it('reads keys in any case, with comments, CRLF and a byte-order mark', () => {
    expect(parseRobotsTxt('\uFEFFuser-AGENT: *  # everyone\r\nDISALLOW: /   # all of it\r\n').disallowsAll).toBe(true);
  });

  it('ignores Disallow: / aimed at one named crawler', () => {
    expect(parseRobotsTxt('User-agent: BadBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private\n').disallowsAll).toBe(false);
  });

  it('counts * among several agents sharing a group', () => {
    expect(parseRobotsTxt('User-agent: BadBot\nUser-agent: *\nDisallow: /\n').disallowsAll).toBe(true);
  });

  it('starts a new group at a User-agent line that follows rules', () => {
    expect(parseRobotsTxt('User-agent: *\nAllow: /public\nUser-agent: BadBot\nDisallow: /\n').disallowsAll).toBe(false);
  });

  it('does not treat an empty Disallow or a narrower path as blocking everything', () => {
    expect(parseRobotsTxt('User-agent: *\nDisallow:\n').disallowsAll).toBe(false);
    expect(parseRobotsTxt('User-agent: *\nDisallow: /admin\n').disallowsAll).toBe(false);
  });

  it('lets an Allow: / in the same group win the tie', () => {
    expect(parseRobotsTxt('User-agent: *\nDisallow: /\nAllow: /\n').disallowsAll).toBe(false);
  });

  it('collects every Sitemap line wherever it stands', () => {
    const rules = parseRobotsTxt('Sitemap: https://a.example/one.xml\nUser-agent: *\nDisallow: /x\nsitemap:https://a.example/two.xml\n');
    expect(rules.sitemaps).toEqual(['https://a.example/one.xml', 'https://a.example/two.xml']);
  });
});

describe('summarizeSitemap', () => {
  it('counts <loc> elements of a urlset', () => {
    expect(summarizeSitemap('<urlset xmlns="x"><url><loc>a</loc></url><url><loc>b</loc></url></urlset>')).toEqual({ isSitemap: true, urlCount: 2 });
  });

  it('accepts a sitemap index and namespace prefixes', () => {
    expect(summarizeSitemap('<sm:sitemapindex xmlns:sm="x"><sm:sitemap><sm:loc>a</sm:loc></sm:sitemap></sm:sitemapindex>')).toEqual({ isSitemap: true, urlCount: 1 });
  });

  it('does not take an HTML page for a sitemap, nor <location> for <loc>', () => {
    expect(summarizeSitemap('<html><body><loc>a</loc></body></html>').isSitemap).toBe(false);
    expect(summarizeSitemap('<urlset><url><location>a</location></url></urlset>').urlCount).toBe(0);
  });
});
