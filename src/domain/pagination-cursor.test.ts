import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { decodePageCursor, encodePageCursor } from './pagination-cursor.ts';

describe('page cursors', () => {
  it('come back as the position they were made from', () => {
    const position = { createdAt: '2026-01-01T10:00:00.000Z', id: 'msg_0m3x7k2a9b4c' };
    const cursor = encodePageCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePageCursor(cursor)).toEqual(position);
  });

  it.each([
    ['not base64 JSON', '!!!'],
    ['a JSON object', Buffer.from('{"createdAt":"2026-01-01T10:00:00.000Z","id":"x"}').toString('base64url')],
    ['a time that is not one', Buffer.from('["yesterday","x"]').toString('base64url')],
    ['a number for the id', Buffer.from('["2026-01-01T10:00:00.000Z",7]').toString('base64url')],
  ])('are refused as 400 invalid_request when given %s', (_label, cursor) => {
    const failure = (() => {
      try {
        decodePageCursor(cursor);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'invalid_request', details: { issues: [{ path: 'cursor' }] } });
  });
});
