import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensurePrivateFolder } from '../files/private-files.ts';

const keyBytes = 32;
const base64Pattern = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The key that encrypts stored secrets: from configuration when given (needed when several servers share
 * one database), otherwise from a key file, created with a fresh random key on first start.
 */
export function loadSecretKey(options: { keyBase64: string | undefined; keyFile: string }): Buffer {
  if (options.keyBase64 !== undefined) return decodeKey(options.keyBase64, 'The configured secret encryption key');
  if (!existsSync(options.keyFile)) createKeyFile(options.keyFile);
  return decodeKey(readFileSync(options.keyFile, 'utf8'), `The secret key file ${options.keyFile}`);
}

function decodeKey(text: string, origin: string): Buffer {
  const trimmed = text.trim();
  const key = Buffer.from(trimmed, 'base64');
  if (!base64Pattern.test(trimmed) || key.length !== keyBytes) {
    throw new Error(`${origin} must be ${keyBytes} bytes in base64 (44 characters, e.g. from \`openssl rand -base64 32\`)`);
  }
  return key;
}

/**
 * Written beside its final name, then linked into place: linking fails if the file exists, so two processes
 * starting together agree on one key and neither reads a half-written file.
 */
function createKeyFile(keyFile: string): void {
  ensurePrivateFolder(dirname(keyFile));
  const draft = `${keyFile}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(draft, `${randomBytes(keyBytes).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, keyFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}
