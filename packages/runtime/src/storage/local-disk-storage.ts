import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import {
  assertSafeKey,
  assertSafePrefix,
  type ObjectStorage,
  type StoredObject,
} from './object-storage.js';
import { contentTypeOfKey } from './content-types.js';

/** The embedded default: objects as files below one folder, written atomically. */
export class LocalDiskStorage implements ObjectStorage {
  readonly kind = 'local-disk' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`Unsafe storage key: ${key}`);
    return path;
  }

  async put(key: string, body: Readable | Buffer, contentType: string): Promise<StoredObject> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}.${randomUUID()}.partial`;
    try {
      await pipeline(
        Buffer.isBuffer(body) ? Readable.from([body]) : body,
        createWriteStream(partial),
      );
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { size: (await stat(path)).size, contentType };
  }

  async get(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    await stat(path);
    return createReadStream(path);
  }

  async getRange(key: string, start: number, end: number): Promise<Readable> {
    const path = this.pathOf(key);
    await stat(path);
    return createReadStream(path, { start, end });
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size, contentType: contentTypeOfKey(key) } : null;
    } catch {
      return null;
    }
  }

  async copy(from: string, to: string): Promise<void> {
    const target = this.pathOf(to);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(this.pathOf(from), target);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async removePrefix(prefix: string): Promise<number> {
    const keys = await this.list(prefix);
    await Promise.all(keys.map((key) => this.remove(key)));
    return keys.length;
  }

  async list(prefix: string): Promise<string[]> {
    assertSafePrefix(prefix);
    const base = prefix.endsWith('/')
      ? this.pathOf(prefix.slice(0, -1))
      : dirname(this.pathOf(prefix));
    const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
      .map((entry) => relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .filter((key) => key.startsWith(prefix))
      .sort();
  }

  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }
}
