import { simdLeakyRelu, type WasmMemory } from './simd-leaky-relu.ts';

/** A tensor as TensorFlow.js kernels see it. */
interface TensorInfo {
  dataId: object;
  shape: number[];
  dtype: string;
}

type TypedArray = Float32Array | Int32Array | Uint8Array;

/** The part of the wasm backend these kernels use. */
interface WasmBackend {
  makeOutput(shape: number[], dtype: string): TensorInfo;
  typedArrayFromHeap(tensor: TensorInfo): TypedArray;
  /** The emscripten module: its exports hold the memory the tensors live in. */
  wasm: { asm: { memory: WasmMemory } };
}

interface ConcatArgs {
  inputs: TensorInfo[];
  backend: WasmBackend;
  attrs: { axis: number };
}

type SliceBounds = number | number[];

interface SliceArgs {
  inputs: { x: TensorInfo };
  backend: WasmBackend;
  attrs: { begin: SliceBounds; size?: SliceBounds };
}

interface LeakyReluArgs {
  inputs: { x: TensorInfo };
  backend: WasmBackend;
  attrs: { alpha: number };
}

/** FusedConv2D's and FusedDepthwiseConv2D's arguments, as far as the activation goes. */
interface FusedConvArgs {
  inputs: { x: TensorInfo };
  backend: WasmBackend;
  attrs: { activation?: string; leakyreluAlpha?: number };
}

interface KernelConfig<Args> {
  kernelName: string;
  backendName: string;
  kernelFunc: (args: Args) => TensorInfo;
}

/** The kernel registry of the TensorFlow.js that face-api bundles (its types omit it). */
export interface KernelRegistry {
  getKernel(kernelName: string, backendName: string): KernelConfig<never> | undefined;
  unregisterKernel(kernelName: string, backendName: string): void;
  registerKernel(config: KernelConfig<never>): void;
  slice_util: {
    parseSliceParams(x: TensorInfo, begin: SliceBounds, size?: SliceBounds): [number[], number[]];
  };
}

/** Pieces at most this long are copied element by element; longer ones as whole runs. */
const SHORT_PIECE = 64;

const sizeOf = (shape: number[]) => shape.reduce((size, side) => size * side, 1);

/** The length of each input's contiguous piece per position before the axis. */
function pieceLengths(inputs: TensorInfo[], axis: number): number[] | null {
  const lengths = inputs.map((input) => sizeOf(input.shape.slice(axis)));
  return lengths.every((length) => length > 0 && length <= SHORT_PIECE) ? lengths : null;
}

/**
 * The output, made once every input is in wasm memory (reading an input moves it there from
 * another backend): views are taken after this, as making memory may grow (and move) it.
 */
function outputAfterInputs(
  backend: WasmBackend,
  inputs: TensorInfo[],
  shape: number[],
  dtype: string,
): TensorInfo {
  for (const input of inputs) backend.typedArrayFromHeap(input);
  return backend.makeOutput(shape, dtype);
}

function concatShortPieces(args: ConcatArgs, axis: number, lengths: number[]): TensorInfo {
  const { inputs, backend } = args;
  const [first] = inputs as [TensorInfo];
  const shape = first.shape.slice();
  shape[axis] = inputs.reduce((sum, input) => sum + (input.shape[axis] ?? 0), 0);
  const out = outputAfterInputs(backend, inputs, shape, first.dtype);
  const target = backend.typedArrayFromHeap(out);
  const positions = sizeOf(first.shape.slice(0, axis));
  const stride = lengths.reduce((sum, length) => sum + length, 0);
  let offset = 0;
  inputs.forEach((input, index) => {
    const length = lengths[index]!;
    copyStrided(backend.typedArrayFromHeap(input), target, { positions, length, offset, stride });
    offset += length;
  });
  return out;
}

interface Stride {
  positions: number;
  length: number;
  offset: number;
  stride: number;
}

/** Each position's piece of the source to its place in every `stride` numbers of the target. */
function copyStrided(source: TypedArray, target: TypedArray, at: Stride): void {
  const { positions, length, offset, stride } = at;
  if (length === 1) {
    for (let position = 0, to = offset; position < positions; position++, to += stride) {
      target[to] = source[position]!;
    }
    return;
  }
  for (let position = 0; position < positions; position++) {
    const from = position * length;
    const to = position * stride + offset;
    for (let step = 0; step < length; step++) target[to + step] = source[from + step]!;
  }
}

/** The kernels this module made: TensorFlow.js started again in a thread keeps them. */
const installed = new WeakSet<object>();

/**
 * Replaces the wasm backend's kernel `name`; `faster` answers null where the backend's own
 * should, and may call it itself.
 */
function replaceKernel<Args>(
  registry: KernelRegistry,
  name: string,
  faster: (args: Args, ownKernel: (args: Args) => TensorInfo) => TensorInfo | null,
): void {
  const own = registry.getKernel(name, 'wasm') as KernelConfig<Args> | undefined;
  if (!own || installed.has(own.kernelFunc)) return;
  const ownKernel = own.kernelFunc;
  const kernelFunc = (args: Args) => faster(args, ownKernel) ?? ownKernel(args);
  installed.add(kernelFunc);
  registry.unregisterKernel(name, 'wasm');
  registry.registerKernel({ ...own, kernelFunc } as KernelConfig<never>);
}

function concatFaster(args: ConcatArgs): TensorInfo | null {
  const { inputs, attrs } = args;
  const [first] = inputs;
  if (!first || inputs.length < 2 || first.dtype === 'string') return null;
  const rank = first.shape.length;
  const axis = attrs.axis < 0 ? attrs.axis + rank : attrs.axis;
  // The backend's own kernel explains a wrong axis.
  if (!Number.isInteger(axis) || axis < 0 || axis >= rank) return null;
  const sameKind = inputs.every(
    (input) =>
      input.dtype === first.dtype &&
      input.shape.length === rank &&
      input.shape.every((side, dimension) => dimension === axis || side === first.shape[dimension]),
  );
  const lengths = sameKind ? pieceLengths(inputs, axis) : null;
  return lengths ? concatShortPieces(args, axis, lengths) : null;
}

/**
 * A slice as whole runs: the dimensions after `from` that the slice takes entirely are one run
 * of memory per position before them.
 */
function sliceRuns(shape: number[], begin: number[], size: number[]) {
  let from = shape.length - 1;
  while (from > 0 && begin[from] === 0 && size[from] === shape[from]) from -= 1;
  const after = sizeOf(shape.slice(from + 1));
  return { from, run: size[from]! * after, after };
}

/** Every index before `from` within the slice, in order (row-major). */
function* positionsBefore(begin: number[], size: number[], from: number): Generator<number[]> {
  const index = begin.slice(0, from);
  if (size.slice(0, from).some((side) => side === 0)) return;
  for (;;) {
    yield index;
    let dimension = from - 1;
    while (dimension >= 0 && index[dimension]! + 1 >= begin[dimension]! + size[dimension]!) {
      index[dimension] = begin[dimension]!;
      dimension -= 1;
    }
    if (dimension < 0) return;
    index[dimension]! += 1;
  }
}

/** Slices too short to copy run by run are left to the backend. */
const SHORT_RUN = 16;

function sliceFaster(registry: KernelRegistry, args: SliceArgs): TensorInfo | null {
  const {
    inputs: { x },
    attrs,
    backend,
  } = args;
  if (x.dtype === 'string' || x.shape.length < 2) return null;
  const [begin, size] = registry.slice_util.parseSliceParams(x, attrs.begin, attrs.size);
  const { from, run, after } = sliceRuns(x.shape, begin, size);
  if (run < SHORT_RUN) return null;
  const out = outputAfterInputs(backend, [x], size, x.dtype);
  const target = backend.typedArrayFromHeap(out);
  // A view of the input, where the backend's own kernel copies the whole input first.
  const source = backend.typedArrayFromHeap(x);
  const strides = x.shape.map((_, dimension) => sizeOf(x.shape.slice(dimension + 1)));
  const skip = begin[from]! * after;
  let at = 0;
  for (const index of positionsBefore(begin, size, from)) {
    const start = index.reduce(
      (offset, value, dimension) => offset + value * strides[dimension]!,
      skip,
    );
    target.set(source.subarray(start, start + run), at);
    at += run;
  }
  return out;
}

/** Where a float32 tensor starts in the wasm memory (read after any output is made). */
const addressOf = (backend: WasmBackend, tensor: TensorInfo) =>
  backend.typedArrayFromHeap(tensor).byteOffset;

const leakyReluOf = (backend: WasmBackend) => simdLeakyRelu(backend.wasm.asm.memory);

/** `max(x, alpha * x)` is leaky ReLU only for these; any other alpha goes to the backend's loop. */
const simdAlpha = (alpha: number) => alpha >= 0 && alpha <= 1;

function leakyReluFaster(args: LeakyReluArgs): TensorInfo | null {
  const { inputs, backend, attrs } = args;
  if (inputs.x.dtype !== 'float32' || !simdAlpha(attrs.alpha)) return null;
  const out = outputAfterInputs(backend, [inputs.x], inputs.x.shape, 'float32');
  const count = sizeOf(inputs.x.shape);
  if (count > 0) {
    leakyReluOf(backend)(addressOf(backend, inputs.x), addressOf(backend, out), count, attrs.alpha);
  }
  return out;
}

/** The backend's convolution without activation, then leaky ReLU over its output in place. */
function fusedConvLeakyFaster(
  args: FusedConvArgs,
  ownKernel: (args: FusedConvArgs) => TensorInfo,
): TensorInfo | null {
  // The backend reads a missing alpha as 0.
  const { activation, leakyreluAlpha = 0 } = args.attrs;
  if (activation !== 'leakyrelu' || args.inputs.x.dtype !== 'float32') return null;
  if (!simdAlpha(leakyreluAlpha)) return null;
  const out = ownKernel({ ...args, attrs: { ...args.attrs, activation: 'linear' } });
  const at = addressOf(args.backend, out);
  leakyReluOf(args.backend)(at, at, sizeOf(out.shape), leakyreluAlpha);
  return out;
}

/**
 * tfjs-backend-wasm (4.22) concatenates and slices in JavaScript, with a subarray and a copy per
 * innermost piece, and a slice first copies its whole input out of the wasm memory. face-api's
 * mean subtraction concatenates along the last axis (pieces of one number: three quarters of a
 * million copies for each face detection at 512) and each face it describes is sliced out of the
 * whole frame (11 MB copied each time): together over a third of the CPU time of a video frame
 * (bench/face-identification.mjs). These
 * kernels copy short pieces element by element and slices run by run from a view, and hand every
 * other case (strings, empty inputs, mismatched shapes, long pieces, short runs) to the backend.
 */
export function installWasmKernels(registry: KernelRegistry): void {
  replaceKernel(registry, 'Concat', concatFaster);
  replaceKernel(registry, 'Slice', (args: SliceArgs) => sliceFaster(registry, args));
  // Its leaky ReLU goes one number at a time (simd-leaky-relu.ts).
  replaceKernel(registry, 'LeakyRelu', leakyReluFaster);
  replaceKernel(registry, 'FusedConv2D', fusedConvLeakyFaster);
  replaceKernel(registry, 'FusedDepthwiseConv2D', fusedConvLeakyFaster);
}
