import { createRequire } from 'node:module';

/**
 * Why the C allocator is asked to give back what it holds free (issue #49 item 5): memory that
 * native code and ended threads free (a PDF worker's extraction threads: their isolates, the
 * reader's buffers) goes back to glibc, which keeps it when it lies below memory still in use:
 * the PDF worker ended a load 15 MiB over its idle size a minute after, +76 MiB after two large
 * documents, glibc's main heap 45 MiB against 7 (docs/benchmarks.md, Memory). `malloc_trim(0)`
 * hands every free page of every arena back to the system. Node has no way to call it, so it goes
 * through koffi (an FFI whose package ships its built library); on a C library without it (musl)
 * nothing is done.
 */
type Trim = (pad: number) => number;

let trim: Trim | null | undefined;

function loadTrim(): Trim | null {
  try {
    // Loaded at the first release, not at start: a process that never falls idle after work
    // never maps the library.
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as Trim;
  } catch {
    return null;
  }
}

/** Returns the C allocator's free pages to the system, where it can be asked to. */
export function trimMallocHeaps(): void {
  // null once it could not be loaded: not tried again.
  if (trim === undefined) trim = loadTrim();
  trim?.(0);
}
