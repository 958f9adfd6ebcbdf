import { closeSync, mkdirSync, openSync } from 'node:fs';

/**
 * Creates a folder, and any missing parent, that only its owner can open (0700 before the umask): it
 * holds the database and the key that encrypts stored secrets. Folders that already exist keep their mode.
 */
export function ensurePrivateFolder(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
}

/**
 * Creates an empty file only its owner can read or write (0600), unless it exists: a file someone created
 * keeps the mode they gave it. SQLite creates its -wal, -shm and -journal files with the mode of the
 * database file, so creating that one private first keeps them all private.
 */
export function ensurePrivateFile(path: string): void {
  try {
    closeSync(openSync(path, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
