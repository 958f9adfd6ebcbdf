import { describe, expect, it } from 'vitest';
import { findSecrets } from './secret-recognizer.ts';

const values = (text: string) => findSecrets(text).map((secret) => text.slice(secret.start, secret.end));

const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';

describe('secret recognizer', () => {
  it('finds provider keys by their formats', () => {
    for (const key of [
      'sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345',
      'sk-proj-abcdefghijklmnopqrstuvwxyz012345',
      'AKIAIOSFODNN7EXAMPLE',
      'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
      'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz',
      'xoxb-123456789012-abcdefghij',
      'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
      'AIzaSyA1234567890abcdefghijklmnopqrstuv',
      jwt,
    ]) {
      expect(values(`key: ${key} (rotate it)`), key).toContain(key);
    }
  });

  it('does not take a key format out of the middle of a word', () => {
    expect(values('task-abcdefghijklmnopqrstuvwxyz012345 and xAKIAIOSFODNN7EXAMPLE')).toEqual([]);
  });

  it('finds PEM private keys, whole or cut off', () => {
    const pem = '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA1c7+9z\nabc/def+==\n-----END RSA PRIVATE KEY-----';
    expect(values(`key:\n${pem}\nthanks`)).toEqual([pem]);
    expect(values('-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC')).toEqual(['-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC']);
    expect(values('-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A')).toEqual([]);
  });

  it('finds bearer tokens and credentials in URLs', () => {
    expect(values('Authorization: Bearer abcDEF123456ghiJKL789.xyz')).toEqual(['abcDEF123456ghiJKL789.xyz']);
    expect(values(`authorization: bearer ${jwt}`)).toContain(jwt);
    expect(values('the bearer of bad news')).toEqual([]);
    expect(values('postgres://admin:s3cr3t-pw@db.internal:5432/app')).toEqual(['s3cr3t-pw']);
  });

  it('finds values assigned to credential-like keys, not references, blanks or prose', () => {
    expect(values('password = "hunter2!x"')).toEqual(['hunter2!x']);
    expect(values('{"api_key": "a1b2c3d4e5f6"}')).toEqual(['a1b2c3d4e5f6']);
    expect(values('DB_PASSWORD=Sup3rS3cret')).toEqual(['Sup3rS3cret']);
    expect(values('client_secret => x9y8z7w6v5')).toEqual(['x9y8z7w6v5']);
    expect(values('password = $DB_PASSWORD, token: <your-token>, secret = "********"')).toEqual([]);
    expect(values('max_tokens: 100000, secretary: Jane')).toEqual([]);
    expect(values('Token: expired')).toEqual([]);
  });
});
