/** A URL slug of at most `maxLength` characters (60 by default), cut between words: lowercase ASCII letters and digits joined by hyphens. */
export function slugify(text: string, maxLength = 60): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > maxLength) break;
    slug = next;
  }
  return slug || 'item';
}
