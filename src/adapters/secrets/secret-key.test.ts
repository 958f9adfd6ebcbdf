import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSecretKey } from './secret-key.ts';

function temporaryFolder(): string {
  return mkdtempSync(join(tmpdir(), 'agentapi-secret-key-'));
}

describe('loadSecretKey', () => {
  it('creates the key file once, private to its owner, and reuses it', () => {
    const folder = temporaryFolder();
    const keyFile = join(folder, 'nested', 'deeper', 'secret.key');
    const first = loadSecretKey({ keyBase64: undefined, keyFile });
    expect(first).toHaveLength(32);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64').equals(first)).toBe(true);

    const second = loadSecretKey({ keyBase64: undefined, keyFile });
    expect(second.equals(first)).toBe(true);
    expect(readdirSync(join(folder, 'nested', 'deeper'))).toEqual(['secret.key']);
  });

  it('creates the folders it needs for the key file closed to everyone but the owner', () => {
    const folder = temporaryFolder();
    loadSecretKey({ keyBase64: undefined, keyFile: join(folder, 'nested', 'deeper', 'secret.key') });
    for (const created of [join(folder, 'nested'), join(folder, 'nested', 'deeper')]) expect(statSync(created).mode & 0o077).toBe(0);
  });

  it('prefers the configured key and leaves the file alone', () => {
    const keyFile = join(temporaryFolder(), 'secret.key');
    const configured = randomBytes(32);
    expect(loadSecretKey({ keyBase64: configured.toString('base64'), keyFile }).equals(configured)).toBe(true);
    expect(() => statSync(keyFile)).toThrow();
  });

  it('refuses a configured key of the wrong length, or not base64', () => {
    const keyFile = join(temporaryFolder(), 'secret.key');
    expect(() => loadSecretKey({ keyBase64: randomBytes(16).toString('base64'), keyFile })).toThrow(/configured secret encryption key must be 32 bytes/);
    expect(() => loadSecretKey({ keyBase64: '', keyFile })).toThrow(/must be 32 bytes/);
    expect(() => loadSecretKey({ keyBase64: `${randomBytes(32).toString('base64')}!`, keyFile })).toThrow(/must be 32 bytes/);
  });

  it('refuses a key file that does not hold 32 bytes', () => {
    const keyFile = join(temporaryFolder(), 'secret.key');
    writeFileSync(keyFile, randomBytes(31).toString('base64'));
    expect(() => loadSecretKey({ keyBase64: undefined, keyFile })).toThrow(new RegExp(`key file ${keyFile} must be 32 bytes`));
  });
});
