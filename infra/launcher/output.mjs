// The launcher's console: every line carries the name of the process it comes from.
import readline from 'node:readline';

const colorful = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
/** @type {Record<string, string>} */
const colors = {
  launcher: '1;36',
  postgres: '34',
  redis: '31',
  identity: '35',
  gateway: '32',
};
const WIDTH = 8;

/**
 * @param {string} code
 * @param {string} text
 */
export const paint = (code, text) => (colorful ? `\u001b[${code}m${text}\u001b[0m` : text);

/**
 * Writes one line under a process name.
 * @param {string} name
 * @param {string} line
 * @param {NodeJS.WriteStream} [stream]
 */
export function printLine(name, line, stream = process.stdout) {
  stream.write(`${paint(colors[name] ?? '2', name.padEnd(WIDTH))} │ ${line}\n`);
}

/**
 * A JSON log line of a process (LOG_FORMAT=json, the default in production) as the readable
 * text it stands for, `[service] msg`, so a ready line such as `[identity] ready` is found in
 * either format; any other line as it is.
 * @param {string} line
 */
export function logText(line) {
  if (!line.startsWith('{')) return line;
  try {
    const entry = JSON.parse(line);
    if (typeof entry?.service === 'string' && typeof entry.msg === 'string') {
      return `[${entry.service}] ${entry.msg}`;
    }
  } catch {
    // Not JSON after all.
  }
  return line;
}

/**
 * Prints the launcher's own messages.
 * @param {string} message
 */
export const log = (message) => {
  for (const line of message.split('\n')) printLine('launcher', line);
};

/**
 * Prints every line a stream carries under `name` and hands it to `onLine` too.
 * @param {NodeJS.ReadableStream} stream
 * @param {string} name
 * @param {(line: string) => void} [onLine]
 */
export function prefixLines(stream, name, onLine) {
  const lines = readline.createInterface({ input: stream, crlfDelay: Infinity });
  lines.on('line', (line) => {
    printLine(name, line);
    onLine?.(line);
  });
}
