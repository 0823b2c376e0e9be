/**
 * Cuts a byte stream of raw frames (as ffmpeg writes `-f rawvideo`) into whole frames. Only one
 * frame is held at a time; the source is read as the consumer asks, so a slow consumer slows
 * ffmpeg down instead of filling memory.
 */
export async function* rawFrames(
  source: AsyncIterable<Uint8Array>,
  frameBytes: number,
): AsyncGenerator<Buffer> {
  let frame = Buffer.allocUnsafe(frameBytes);
  let filled = 0;
  for await (const chunk of source) {
    let offset = 0;
    while (offset < chunk.byteLength) {
      const taken = Math.min(frameBytes - filled, chunk.byteLength - offset);
      frame.set(chunk.subarray(offset, offset + taken), filled);
      filled += taken;
      offset += taken;
      if (filled === frameBytes) {
        yield frame;
        frame = Buffer.allocUnsafe(frameBytes);
        filled = 0;
      }
    }
  }
}
