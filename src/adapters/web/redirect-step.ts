const redirectStatuses = new Set([301, 302, 303, 307, 308]);

export function isRedirect(status: number, location: string | undefined): location is string {
  return redirectStatuses.has(status) && location !== undefined && location !== '';
}

/**
 * The method a redirect is followed with: 301, 302 and 303 turn the request into a GET without a body
 * (what browsers do), HEAD stays HEAD; 307 and 308 repeat the same method and body.
 */
export function methodAfterRedirect(status: number, method: string): { method: string; keepsBody: boolean } {
  if (status === 307 || status === 308) return { method, keepsBody: true };
  return { method: method === 'HEAD' ? 'HEAD' : 'GET', keepsBody: false };
}
