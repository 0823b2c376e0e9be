import type { Readable } from 'node:stream';
import { PROFILE_PICTURE_MAX_BYTES } from '@hub/proto';
import { type ObjectStorage, RpcFailure } from '@hub/kit';

export const PICTURE_UNREADABLE =
  'The picture could not be read as an image. Please upload a JPEG or PNG picture.';

/** Pictures as large as a 24-megapixel camera takes; a decompression bomb is refused early. */
const MAX_PIXELS = 6000 * 4000;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    length += buffer.length;
    // The gateway limits uploads already; this only guards against an object swapped meanwhile.
    if (length > PROFILE_PICTURE_MAX_BYTES + 1) throw new Error('picture too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * A stored picture is only trusted once an image decoder has read every pixel of it: the magic
 * bytes the gateway checks say nothing of what follows (a PNG header followed by HTML). The
 * picture is decoded, turned upright and encoded again, which drops its metadata (EXIF with GPS
 * position, comments, embedded profiles) and anything appended; JPEG stays JPEG, everything else
 * becomes PNG. An unreadable picture is removed and refused.
 */
export async function reencodePicture(storage: ObjectStorage, key: string): Promise<void> {
  let output: { data: Buffer; contentType: string };
  try {
    const input = await bytesOf(await storage.get(key));
    // sharp (libvips, ~25 MiB resident once loaded) comes with the first picture, not at start.
    const { default: sharp } = await import('sharp');
    const image = sharp(input, { failOn: 'error', limitInputPixels: MAX_PIXELS, pages: 1 });
    const { format } = await image.metadata();
    const upright = image.rotate();
    output =
      format === 'jpeg'
        ? { data: await upright.jpeg({ quality: 90 }).toBuffer(), contentType: 'image/jpeg' }
        : { data: await upright.png().toBuffer(), contentType: 'image/png' };
  } catch {
    await storage.remove(key).catch(() => undefined);
    throw RpcFailure.validation(PICTURE_UNREADABLE, 'profilePicture');
  }
  await storage.put(key, output.data, output.contentType, output.data.length);
}
