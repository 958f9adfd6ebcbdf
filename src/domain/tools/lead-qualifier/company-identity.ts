/** Legal-form words that do not distinguish one company from another. */
const legalForms = new Set([
  'inc', 'incorporated', 'llc', 'ltd', 'limited', 'plc', 'corp', 'corporation', 'co', 'company', 'gmbh', 'ag', 'kg',
  'sa', 'sas', 'sarl', 'srl', 'spa', 'bv', 'nv', 'oy', 'ab', 'as', 'aps', 'pty', 'pte', 'kk', 'the',
]);

/** A key under which the same company, written differently, collides: "Acme, Inc." and "ACME" match. */
export function companyKey(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter((word) => word && !legalForms.has(word));
  return words.join(' ');
}

/** The host of a website without `www.`, so two leads on one site are one company. */
export function websiteKey(website: string | undefined): string | undefined {
  if (!website) return undefined;
  try {
    const url = new URL(/^[a-z]+:\/\//i.test(website) ? website : `https://${website}`);
    return url.hostname.toLowerCase().replace(/^www\./, '') || undefined;
  } catch {
    return undefined;
  }
}
