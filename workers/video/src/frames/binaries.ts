import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';

export interface FfmpegBinaries {
  ffmpeg: string;
  ffprobe: string;
}

const require = createRequire(import.meta.url);

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string): string | null {
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    if (folder && executable(join(folder, name))) return join(folder, name);
  }
  return null;
}

function fromPackage(name: '@ffmpeg-installer/ffmpeg' | '@ffprobe-installer/ffprobe'): string {
  try {
    return (require(name) as { path: string }).path;
  } catch (error) {
    throw new Error(`No ${name.split('/')[1]} on the PATH, and ${name} could not be loaded`, {
      cause: error,
    });
  }
}

/**
 * Debian's ffmpeg when it is on the PATH (newer, decodes more), else the static build shipped in
 * npm; explicit paths win over both.
 */
export function findBinaries(
  overrides: { ffmpeg?: string | undefined; ffprobe?: string | undefined } = {},
): FfmpegBinaries {
  const ffmpeg = overrides.ffmpeg ?? onPath('ffmpeg') ?? fromPackage('@ffmpeg-installer/ffmpeg');
  const ffprobe =
    overrides.ffprobe ?? onPath('ffprobe') ?? fromPackage('@ffprobe-installer/ffprobe');
  for (const path of [ffmpeg, ffprobe]) {
    if (!executable(path)) throw new Error(`${path} is missing or not executable`);
  }
  return { ffmpeg, ffprobe };
}
