/** Headers the client computes itself; a caller's value would contradict the connection or the body. */
const managedHeaders = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'accept-encoding', 'keep-alive', 'upgrade']);

/** Headers that carry a caller's credentials: they are not sent on to another origin after a redirect. */
const credentialHeaders = new Set(['authorization', 'proxy-authorization', 'cookie']);

/** Headers that describe a request body: dropped when a redirect turns the request into a GET. */
const bodyHeaders = new Set(['content-type', 'content-encoding', 'content-language', 'content-location']);

export function initialHeaders(callerHeaders: Record<string, string> | undefined, userAgent: string): Record<string, string> {
  const headers: Record<string, string> = { 'user-agent': userAgent, accept: '*/*' };
  for (const [name, value] of Object.entries(callerHeaders ?? {})) {
    const lower = name.toLowerCase();
    if (!managedHeaders.has(lower)) headers[lower] = value;
  }
  // Uncompressed bodies: the size cap then counts the bytes actually read, and there is nothing to inflate.
  headers['accept-encoding'] = 'identity';
  return headers;
}

export function withBodyLength(headers: Record<string, string>, body: string | undefined): Record<string, string> {
  return body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
}

export function withoutBodyHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !bodyHeaders.has(name)));
}

export function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !credentialHeaders.has(name)));
}

/** Response header names in lowercase; repeated headers joined the way HTTP allows. */
export function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
