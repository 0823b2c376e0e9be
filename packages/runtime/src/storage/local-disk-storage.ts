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
import { guarded, storageFaultOf, StorageFault } from './storage-fault.js';

/**
 * `mkdir -p` that reports the disk's own error: Node's recursive mkdir answers ENOENT where the
 * disk said EROFS (a disk gone read-only), so on ENOENT the folders below `root` are made one
 * at a time, which fails with the real code.
 */
async function makeFolder(root: string, path: string): Promise<void> {
  try {
    await mkdir(path, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(root, { recursive: true });
    let current = root;
    for (const part of relative(root, path).split(sep)) {
      current = join(current, part);
      await mkdir(current).catch((made: unknown) => {
        if ((made as NodeJS.ErrnoException).code !== 'EEXIST') throw made;
      });
    }
  }
}

/**
 * The embedded default: objects as files below one folder, written atomically. A full disk
 * (ENOSPC) or one gone read-only or away (EROFS, EIO, ...) fails with a StorageFault; the
 * partial file of a failed write is removed, so no key ever names half a file.
 */
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
    return guarded(async () => {
      await makeFolder(this.root, dirname(path));
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
    });
  }

  async get(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    await guarded(() => stat(path));
    return createReadStream(path);
  }

  async getRange(key: string, start: number, end: number): Promise<Readable> {
    const path = this.pathOf(key);
    await guarded(() => stat(path));
    return createReadStream(path, { start, end });
  }

  async stat(key: string): Promise<StoredObject | null> {
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      return info.isFile() ? { size: info.size, contentType: contentTypeOfKey(key) } : null;
    } catch (error) {
      // Missing is an answer; a disk that cannot be read is not "no such file".
      const fault = storageFaultOf(error);
      if (fault) throw new StorageFault(fault, error);
      return null;
    }
  }

  async copy(from: string, to: string): Promise<void> {
    const target = this.pathOf(to);
    const source = this.pathOf(from);
    await guarded(async () => {
      await makeFolder(this.root, dirname(target));
      // Through a partial file as put does: a copy cut short by a full disk leaves nothing.
      const partial = `${target}.${randomUUID()}.partial`;
      try {
        await copyFile(source, partial);
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    });
  }

  async remove(key: string): Promise<void> {
    const path = this.pathOf(key);
    await guarded(() => rm(path, { force: true }));
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
    await guarded(() => mkdir(this.root, { recursive: true }));
  }
}
