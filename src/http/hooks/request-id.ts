import { randomString } from '../../domain/ids.ts';

const acceptablePattern = /^[\w.:-]{1,128}$/;

/** Keeps a caller's X-Request-Id when it is sane, so traces join up across services; otherwise makes one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && acceptablePattern.test(value) ? value : `req_${randomString(20)}`;
}
