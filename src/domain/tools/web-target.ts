/**
 * The site or page a request is about: the given field's value, or else the first URL or host name in the
 * prompt. Returns what to fetch (a bare host means its home page over HTTPS, decided by the fetcher).
 */
export function findWebTarget(fieldValue: unknown, prompt: string | undefined): string | undefined {
  const field = typeof fieldValue === 'string' ? fieldValue.trim() : '';
  if (field) return field;
  const text = prompt ?? '';
  const url = /\bhttps?:\/\/[^\s"'<>)]+/i.exec(text)?.[0];
  if (url) return url.replace(/[.,;:!?]+$/, '');
  const host = /\b(?:localhost|(?:\d{1,3}\.){3}\d{1,3}|(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})(?::\d{1,5})?(?:\/[^\s"'<>)]*)?/i.exec(text)?.[0];
  return host?.replace(/[.,;:!?]+$/, '');
}
