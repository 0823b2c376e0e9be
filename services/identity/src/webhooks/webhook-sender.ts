import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupAddress } from 'node:dns';
import { Logger } from '@nestjs/common';
import { networkCause } from '@hub/kit';
import type { ResolvedTarget } from './network-guard.js';

const log = new Logger('WebhookSender');

export interface SendOutcome {
  /** The endpoint's HTTP status, or null when it gave none (refused, timed out, reset). */
  status: number | null;
  /** How long the endpoint took; null when nothing was sent (a refused address). */
  ms: number | null;
  /** Why no answer came, a FAILURE_REASONS sentence (no answer in time, a network cause). */
  error: string | null;
}

/** Why an attempt failed that had no answer within the deadline (a FAILURE_REASONS sentence). */
export const noAnswerWithin = (timeoutMs: number) => `no answer within ${timeoutMs / 1000} s`;

/** What is kept of an endpoint's answer: its status; the body is read and dropped (bounded). */
const MAX_ANSWER_BYTES = 64 * 1024;

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * POSTs `body` to `url`, connecting to the address that was checked (`target`) whatever DNS
 * says now, with the host name kept for TLS (SNI, certificate) and the Host header. No
 * redirects are followed (a 3xx counts as a failure): a redirect could point anywhere.
 */
export function postWebhook(
  url: URL,
  target: ResolvedTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  /** The whole deadline, as the endpoint's log states it, when resolving its name took a part. */
  statedTimeoutMs = timeoutMs,
): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const pinned = (_host: string, options: { all?: boolean }, callback: LookupCallback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = send(
      url,
      {
        method: 'POST',
        lookup: pinned as never,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'FrontlineHub-Webhooks/1',
        },
      },
      (res: IncomingMessage) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        const done = () => finish({ status: res.statusCode ?? null, ms: elapsed(), error: null });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    // The whole exchange, connection included, within the timeout.
    const timer = setTimeout(() => {
      req.destroy();
      finish({
        status: null,
        ms: elapsed(),
        error: noAnswerWithin(statedTimeoutMs),
      });
    }, timeoutMs);
    // The socket's words (an address, an OpenSSL string) are the log's; the row says the cause.
    req.on('error', (error) => {
      // After the deadline, the socket destroyed by it: that outcome stands, nothing to log.
      if (settled) return;
      log.warn(`webhook to ${url.host} not answered: ${error.message}`);
      finish({ status: null, ms: elapsed(), error: networkCause(error) });
    });
    req.end(body);
  });
}
