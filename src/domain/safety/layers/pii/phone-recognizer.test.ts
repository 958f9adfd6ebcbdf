import { describe, expect, it } from 'vitest';
import { findPii } from './find-pii.ts';
import { findPhones, phoneScore } from './phone-recognizer.ts';

const foundPhones = (text: string) => findPii(text).filter((finding) => finding.type === 'phone').map((finding) => text.slice(finding.start, finding.end));

describe('phone recognizer', () => {
  it('recognises international numbers of many regions alone', () => {
    for (const number of [
      '+1 415 867 5309', '+1 (415) 867-5309', '+1-415-867-5309', '+44 20 7946 0958', '+44 (0)20 7946 0958', '+447700900123',
      '+49 30 12345678', '+49 (0)89 1234 567', '+33 1 42 68 53 00', '+33 (0)6 12 34 56 78', '+91 98765 43210', '+91-98765-43210',
      '+55 11 91234-5678', '+55 (21) 3456-7890', '+61 2 9374 4000', '+61 412 345 678', '+81 3-1234-5678', '+81 90-1234-5678',
      '0044 20 7946 0958', '0049 30 12345678',
    ]) {
      expect(phoneScore(number), number).toBeGreaterThanOrEqual(0.5);
      expect(foundPhones(`ring ${number} today`), number).toEqual([number]);
      expect(foundPhones(`Signed, Ana ${number}`), number).toEqual([number]);
    }
  });

  it('recognises North American and trunk-prefixed national numbers alone', () => {
    for (const number of [
      '(415) 867-5309', '415-867-5309', '415.867.5309', '1-800-867-5309', '415-867-5309 ext. 204', '(579)888-3058x0135',
      '020 7946 0958', '(020) 7946 0958', '0161 496 0123', '030 12345678', '030/1234567', '0171 2345678', '01 42 68 53 00',
      '06.12.34.56.78', '(02) 9374 4000', '0412 345 678', '03-1234-5678', '090-1234-5678', '098765 43210',
    ]) {
      expect(foundPhones(`Jane Doe, ${number}`), number).toEqual([number]);
    }
  });

  it('needs a word such as "phone" or "call" for other national formats', () => {
    for (const number of ['467 3395', '99 668472', '78 651 450', '(11) 91234-5678', '9876543210']) {
      expect(foundPhones(`reference ${number}`), number).toEqual([]);
      expect(foundPhones(`Phone: ${number}`), number).toEqual([number]);
      expect(foundPhones(`call me at ${number}`), number).toEqual([number]);
    }
    expect(foundPhones('my number is 467 3395')).toEqual(['467 3395']);
    expect(foundPhones('T: 98 76 54 32  M: 98 76 54 33')).toEqual(['98 76 54 32', '98 76 54 33']);
  });

  it('rejects dates, ranges, addresses, amounts and lists', () => {
    for (const text of [
      '2024-03-15', '15.03.2024', '03/15/2024 14:30', '2019-2023', '2023 / 2024', '94107-1234', '10.0.0.1', '1 2 3 4 5 6 7',
      '100-200', '12 500', '2024-03-15T10:22:31Z',
    ]) {
      expect(findPhones(text).filter((phone) => phone.score > 0), text).toEqual([]);
    }
    expect(foundPhones('Call volume was 1 204 567 minutes')).toEqual([]);
    expect(foundPhones('Please call us about order 5512345678 today')).toEqual([]);
    expect(foundPhones('call 1 234 567,89 EUR')).toEqual([]);
    expect(foundPhones('phone 17031 2202 Rissik St')).toEqual([]);
    expect(foundPhones('between 2019 and 2023 the range was 100-200')).toEqual([]);
  });

  it('ends a number at a CSV comma', () => {
    expect(foundPhones('Ana,ana@acme.io,+81 3-5642-6463,192.168.3.15')).toEqual(['+81 3-5642-6463']);
  });
});
