export interface RobotsRules {
  /** The rules for every crawler (`User-agent: *`) forbid the whole site. */
  disallowsAll: boolean;
  /** `Sitemap:` values, in order, as written. */
  sitemaps: string[];
}

/**
 * Reads a robots.txt the way RFC 9309 groups it: one or more `User-agent` lines open a group, the rules
 * that follow belong to it, and all groups naming `*` are merged. `Sitemap` lines stand outside groups.
 */
export function parseRobotsTxt(text: string): RobotsRules {
  const sitemaps: string[] = [];
  const everyoneRules: Array<{ allow: boolean; path: string }> = [];
  let groupAgents: string[] = [];
  let groupHasRules = false;

  for (const rawLine of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();

    if (key === 'sitemap') {
      if (value !== '') sitemaps.push(value);
    } else if (key === 'user-agent') {
      // A User-agent line after rules starts a new group; consecutive ones share a group.
      if (groupHasRules) {
        groupAgents = [];
        groupHasRules = false;
      }
      groupAgents.push(value.toLowerCase());
    } else if (key === 'allow' || key === 'disallow') {
      groupHasRules = true;
      if (groupAgents.includes('*')) everyoneRules.push({ allow: key === 'allow', path: value });
    }
  }

  // `Disallow: /` (or `/*`) blocks everything unless an equally broad Allow wins the tie, as it does for Google.
  const blocksRoot = everyoneRules.some((rule) => !rule.allow && (rule.path === '/' || rule.path === '/*'));
  const allowsRoot = everyoneRules.some((rule) => rule.allow && (rule.path === '/' || rule.path === '/*'));
  return { disallowsAll: blocksRoot && !allowsRoot, sitemaps };
}
