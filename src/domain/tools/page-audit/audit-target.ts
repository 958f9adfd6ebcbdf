/**
 * The site an audit is about: the `domain` field, or else the first URL or host name in the prompt.
 * Returns what to fetch (a bare host means its home page over HTTPS, decided by the inspector).
 */
export function auditTarget(fields: Readonly<Record<string, unknown>>, prompt: string | undefined): string | undefined {
  const field = typeof fields.domain === 'string' ? fields.domain.trim() : '';
  if (field) return field;
  const text = prompt ?? '';
  const url = /\bhttps?:\/\/[^\s"'<>)]+/i.exec(text)?.[0];
  if (url) return url.replace(/[.,;:!?]+$/, '');
  const host = /\b(?:localhost|(?:\d{1,3}\.){3}\d{1,3}|(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})(?::\d{1,5})?(?:\/[^\s"'<>)]*)?/i.exec(text)?.[0];
  return host?.replace(/[.,;:!?]+$/, '');
}
