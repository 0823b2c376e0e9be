import pino, { type DestinationStream, type Level, type Logger } from 'pino';
import { z } from 'zod';
import { activeTraceIds } from '../tracing/tracing.js';

export type { Logger };

/**
 * The levels `LOG_LEVEL` accepts: pino's, and Nest's names for the same (`log` is `info`,
 * `verbose` is `trace`), which the setting took before.
 */
export const LOG_LEVELS = [
  'fatal',
  'error',
  'warn',
  'info',
  'log',
  'debug',
  'verbose',
  'trace',
  'silent',
] as const;
export type LogLevelSetting = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ['json', 'text'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** The logging variables (part of BaseEnv); read by the logger itself, at its first use. */
export const LoggingEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  LOG_FORMAT: z.enum(LOG_FORMATS).optional(),
});

export interface LoggerOptions {
  /** The process the lines come from (`service` in each line); `processName()` by default. */
  service?: string | (() => string);
  level?: LogLevelSetting;
  format?: LogFormat;
  /** Where the lines go; standard output by default. */
  destination?: DestinationStream;
}

const pinoLevel = (setting: LogLevelSetting): Level | 'silent' =>
  setting === 'log' ? 'info' : setting === 'verbose' ? 'trace' : setting;

/**
 * The fields pino adds to each line: the process, and the trace and span of the work it is
 * logged in (an HTTP request, an RPC answered, a job processed), with tracing on or off.
 */
function lineFields(service: string): { service: string; traceId?: string; spanId?: string } {
  const ids = activeTraceIds();
  return ids ? { service, traceId: ids.traceId, spanId: ids.spanId } : { service };
}

/**
 * A pino logger. JSON lines (level, time, service, traceId and spanId inside a request, RPC or job,
 * the child's bindings such as `context`, msg) with `format: 'json'`; otherwise the same lines
 * in a readable form, one line each (see `textLine`).
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const service = options.service ?? processName;
  const serviceOf = typeof service === 'string' ? () => service : service;
  const format = options.format ?? 'json';
  const out = options.destination ?? pino.destination({ dest: 1, sync: true });
  return pino(
    {
      level: pinoLevel(options.level ?? 'info'),
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => lineFields(serviceOf()),
    },
    format === 'json' ? out : readable(out),
  );
}

/** Fields the readable form shows in place, not as `key=value`. */
const PLACED = new Set([
  'level',
  'time',
  'service',
  'context',
  'msg',
  'traceId',
  'spanId',
  'err',
  'stack',
]);

/**
 * A JSON line as one readable line: `12:04:05.120 WARN  [gateway] Outage: message key=value
 * trace=<trace id>`, an error's stack on the lines after it.
 */
export function textLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 23) : '';
  const level = String(entry.level ?? '').toUpperCase();
  const context = entry.context ? ` ${String(entry.context)}:` : '';
  const extras = Object.entries(entry)
    .filter(([key]) => !PLACED.has(key))
    .map(([key, value]) => ` ${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('');
  const traced = entry.traceId ? ` trace=${String(entry.traceId)}` : '';
  const err = entry.err as { stack?: string; message?: string } | undefined;
  const trail = err ? (err.stack ?? err.message ?? JSON.stringify(err)) : entry.stack;
  const stack = typeof trail === 'string' ? `\n${trail}` : '';
  const msg = typeof entry.msg === 'string' ? entry.msg : '';
  return `${time} ${level.padEnd(5)} [${String(entry.service)}]${context} ${msg}${extras}${traced}${stack}`;
}

function readable(out: DestinationStream): DestinationStream {
  return { write: (line: string) => out.write(`${textLine(line)}\n`) };
}

// The process's logger: one for the process, read from its environment at first use.

let name = 'hub';
let root: Logger | undefined;
/** The parents of the modules' loggers and of Nest's: quieter than the process's under test. */
let modules: Logger | undefined;
let nest: Logger | undefined;
/** Where the process logger's JSON lines go: standard output (as text or JSON), or a test's. */
let sink: DestinationStream | undefined;
const redirectable: DestinationStream = { write: (line: string) => sink?.write(line) };

/** The name of this process (`service` in its lines), as `runProcess` gives it. */
export const processName = () => name;

export function setProcessName(processName: string): void {
  name = processName;
}

/**
 * The process's logger, for its own lines (started, ready, stopping): from LOG_LEVEL (info by
 * default) and LOG_FORMAT (json in production, text otherwise). Under test without LOG_LEVEL,
 * Nest's lines are warn and up and the modules' error and up.
 */
export function processLogger(): Logger {
  if (root) return root;
  const parsed = LoggingEnv.safeParse(
    Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== '')),
  );
  // A bad value is reported by the process's configuration (BaseEnv); the defaults meanwhile.
  const env = parsed.success ? parsed.data : LoggingEnv.parse({});
  const format = env.LOG_FORMAT ?? (env.NODE_ENV === 'production' ? 'json' : 'text');
  const stdout = pino.destination({ dest: 1, sync: true });
  sink = format === 'json' ? stdout : readable(stdout);
  root = createLogger({
    level: lifecycleLevel(env.LOG_LEVEL ?? 'info'),
    format: 'json',
    destination: redirectable,
  });
  const testing = env.NODE_ENV === 'test';
  // Tests print what they printed before: Nest's warnings, no job failing on purpose.
  modules = root.child({}, { level: pinoLevel(env.LOG_LEVEL ?? (testing ? 'error' : 'info')) });
  nest = root.child({}, { level: pinoLevel(env.LOG_LEVEL ?? (testing ? 'warn' : 'info')) });
  return root;
}

/**
 * The process's own lines (started, ready, stopping) at info even when LOG_LEVEL asks for less:
 * the launcher, the e2e stack and the benches wait for the ready line, so LOG_LEVEL=warn must not
 * keep a process from ever counting as started. The modules' and Nest's lines keep LOG_LEVEL.
 */
const QUIETER_THAN_INFO = new Set<LogLevelSetting>(['warn', 'error', 'fatal', 'silent']);
const lifecycleLevel = (setting: LogLevelSetting): LogLevelSetting =>
  QUIETER_THAN_INFO.has(setting) ? 'info' : setting;

/** A child of the process's logger for one module: its lines carry `context`. */
export function logger(contextName: string): Logger {
  processLogger();
  return modules!.child({ context: contextName });
}

/** The parent of Nest's lines (see `processLogger`). */
export function nestParentLogger(): Logger {
  processLogger();
  return nest!;
}

/**
 * Sends the process's lines, as JSON, to `destination` at `level` until the returned function is called
 * (tests read what a request or a job logged).
 */
export function captureLogs(destination: DestinationStream, level?: LogLevelSetting): () => void {
  const loggers = [processLogger(), modules!, nest!];
  const previous = { sink, levels: loggers.map((each) => each.level) };
  sink = destination;
  if (level) for (const each of loggers) each.level = pinoLevel(level);
  return () => {
    sink = previous.sink;
    loggers.forEach((each, index) => (each.level = previous.levels[index]!));
  };
}
