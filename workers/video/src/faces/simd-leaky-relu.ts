/**
 * Leaky ReLU as a few lines of WebAssembly SIMD working in TensorFlow.js's own wasm memory.
 *
 * tfjs-backend-wasm (4.22) computes leaky ReLU one number at a time, with a branch each; its
 * convolution with `activation: 'leakyrelu'` runs XNNPACK's convolution and then that loop. On a
 * 1280x720 frame the tiny face detector's first layer (510x510x16 numbers) spent twice as long in
 * the loop as in the convolution (bench/face-identification.mjs). This module does four numbers
 * an instruction, `max(x, alpha * x)`, which equals the backend's `x < 0 ? alpha * x : x` for
 * every number when 0 <= alpha <= 1 (for x < 0, alpha * x >= x; for x >= 0, x >= alpha * x; -0
 * stays -0), so no result changes; other alphas stay with the backend (wasm-kernels.ts). It is assembled here from its instructions: nothing is compiled or downloaded.
 */

/** Reads `count` floats at byte `from`, writes their leaky ReLU at byte `to` (may be `from`). */
export type LeakyRelu = (from: number, to: number, count: number, alpha: number) => void;

const I32 = 0x7f;
const F32 = 0x7d;
const V128 = 0x7b;

/** Parameters: 0 from, 1 to, 2 count, 3 alpha. Locals: 4 end (bytes), 5 alphas, 6 value. */
const [FROM, TO, COUNT, ALPHA, END, ALPHAS, VALUE] = [0, 1, 2, 3, 4, 5, 6];

const op = {
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  end: [0x0b],
  br: (depth: number) => [0x0c, depth],
  brIf: (depth: number) => [0x0d, depth],
  get: (local: number) => [0x20, local],
  set: (local: number) => [0x21, local],
  i32: (value: number) => [0x41, value],
  i32Add: [0x6a],
  i32Sub: [0x6b],
  i32Shl: [0x74],
  i32LtU: [0x49],
  f32Load: [0x2a, 2, 0],
  f32Store: [0x38, 2, 0],
  f32Mul: [0x94],
  f32Max: [0x97],
  v128Load: [0xfd, 0x00, 4, 0],
  v128Store: [0xfd, 0x0b, 4, 0],
  f32x4Splat: [0xfd, 0x13],
  f32x4Mul: [0xfd, 0xe6, 0x01],
  f32x4Max: [0xfd, 0xe9, 0x01],
};

/** `from` and `to` move on by `bytes`. */
const advance = (bytes: number) => [
  ...[...op.get(FROM), ...op.i32(bytes), ...op.i32Add, ...op.set(FROM)],
  ...[...op.get(TO), ...op.i32(bytes), ...op.i32Add, ...op.set(TO)],
];

/** Leaves the enclosing block once fewer than `bytes` are left before `end`. */
const stopBelow = (bytes: number) => [
  ...[...op.get(END), ...op.get(FROM), ...op.i32Sub, ...op.i32(bytes), ...op.i32LtU],
  ...op.brIf(1),
];

const body = [
  // end = from + count * 4; alphas = (alpha, alpha, alpha, alpha)
  ...[...op.get(FROM), ...op.get(COUNT), ...op.i32(2), ...op.i32Shl, ...op.i32Add, ...op.set(END)],
  ...[...op.get(ALPHA), ...op.f32x4Splat, ...op.set(ALPHAS)],
  // Four numbers at a time: to[i] = max(from[i], alphas * from[i]).
  ...[...op.block, ...op.loop, ...stopBelow(16), ...op.get(TO)],
  ...[...op.get(FROM), ...op.v128Load, ...op.set(VALUE)],
  ...[...op.get(VALUE), ...op.get(VALUE), ...op.get(ALPHAS), ...op.f32x4Mul, ...op.f32x4Max],
  ...[...op.v128Store, ...advance(16), ...op.br(0), ...op.end, ...op.end],
  // The last one to three numbers, one at a time.
  ...[...op.block, ...op.loop, ...stopBelow(4), ...op.get(TO)],
  ...[...op.get(FROM), ...op.f32Load, ...op.get(FROM), ...op.f32Load, ...op.get(ALPHA)],
  ...[...op.f32Mul, ...op.f32Max, ...op.f32Store, ...advance(4), ...op.br(0), ...op.end, ...op.end],
  ...op.end,
];

/** An unsigned number as WebAssembly writes lengths: seven bits a byte, low bits first. */
function leb128(value: number): number[] {
  const bytes = [];
  do {
    const low = value & 0x7f;
    value >>>= 7;
    bytes.push(value ? low | 0x80 : low);
  } while (value);
  return bytes;
}

/** A section (or a function's code): its contents' length, then the contents. */
const sized = (contents: number[]) => [...leb128(contents.length), ...contents];
const section = (id: number, contents: number[]) => [id, ...sized(contents)];
const name = (text: string) => [text.length, ...Buffer.from(text)];

const locals = [2, ...[1, I32], ...[2, V128]];
const MODULE = new Uint8Array([
  ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
  // (func (param i32 i32 i32 f32))
  ...section(1, [1, 0x60, 4, I32, I32, I32, F32, 0]),
  // (import "env" "memory" (memory 0)): TensorFlow.js's memory, whatever its size
  ...section(2, [1, ...name('env'), ...name('memory'), 0x02, 0x00, 0x00]),
  ...section(3, [1, 0]),
  ...section(7, [1, ...name('leakyRelu'), 0x00, 0]),
  ...section(10, [1, ...sized([...locals, ...body])]),
]);

/** A WebAssembly memory; the worker's TypeScript libraries (ES2023 and Node's) omit the API. */
export type WasmMemory = object;

/** The part of the WebAssembly API used here. */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}

const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: WasmApi };
const compiled = new wasm.Module(MODULE);
const instances = new WeakMap<WasmMemory, LeakyRelu>();

/** The function over `memory`, instantiated once for each memory (each thread has its own). */
export function simdLeakyRelu(memory: WasmMemory): LeakyRelu {
  let leakyRelu = instances.get(memory);
  if (!leakyRelu) {
    const instance = new wasm.Instance(compiled, { env: { memory } });
    leakyRelu = instance.exports.leakyRelu as LeakyRelu;
    instances.set(memory, leakyRelu);
  }
  return leakyRelu;
}
