/**
 * V8 flags of the Node processes a test run starts: vitest's workers (every project's
 * `execArgv`) and the e2e stack's product processes (e2e/stack.ts). Not the product's own: a
 * deployment runs V8's defaults.
 *
 * `--max-opt=2`: no tier above Maglev. A test process runs most of its code a few times and then
 * ends, so TurboFan's compiles (on V8's background threads, CPU the two cores then lack) rarely
 * pay back; the face model and the PDF reader are WebAssembly, which the flag leaves alone.
 * Twelve integration files (193 tests) on the slower kind, each pair run back to back: 152, 142
 * and 161 CPU-s with V8's defaults, 144, 131 and 155 with the flag (docs/testing.md, #51 item 11).
 * Node refuses it in NODE_OPTIONS, so it is passed on each process's command line.
 */
export const TEST_NODE_FLAGS: string[] = ['--max-opt=2'];
