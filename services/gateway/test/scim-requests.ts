import { request } from 'node:http';

/** A SCIM answer: its status, its JSON body ({} when it has none or is not JSON) and headers. */
export interface ScimReply {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

const jsonOf = (text: string, contentType: string | null | undefined): Record<string, unknown> =>
  contentType?.includes('json') && text ? (JSON.parse(text) as Record<string, unknown>) : {};

/**
 * The requests of the SCIM tests to the gateway at `url()` (read at each request, once the stack
 * has started), each answered as a ScimReply.
 */
export function scimRequests(url: () => string) {
  /** A request as an identity provider sends it: its bearer token, SCIM's content type. */
  async function scim(
    token: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<ScimReply> {
    const response = await fetch(`${url()}/scim/v2${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/scim+json',
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      headers: response.headers,
    };
  }

  /**
   * A request as a client may send it: any body, any content type, a token or none. `base` is
   * what the path follows, /scim/v2 unless told (a client may write it percent-encoded).
   */
  async function raw(
    method: string,
    path: string,
    options: { authorization?: string; contentType?: string; body?: string; base?: string } = {},
  ): Promise<ScimReply> {
    const response = await fetch(`${url()}${options.base ?? '/scim/v2'}${path}`, {
      method,
      headers: {
        ...(options.authorization ? { authorization: options.authorization } : {}),
        ...(options.contentType ? { 'content-type': options.contentType } : {}),
      },
      body: options.body,
    });
    const text = await response.text();
    return {
      status: response.status,
      body: jsonOf(text, response.headers.get('content-type')),
      headers: response.headers,
    };
  }

  /**
   * A request whose target is sent as written, which fetch cannot do: in absolute form
   * (`POST http://host/scim/v2/Users`, as to a proxy) or with a fragment.
   */
  function sentAs(
    method: string,
    target: string,
    options: { authorization?: string; body?: string } = {},
  ): Promise<ScimReply> {
    const { hostname, port } = new URL(url());
    const headers: Record<string, string> = {
      ...(options.authorization ? { authorization: options.authorization } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/scim+json' }),
    };
    return new Promise((resolve, reject) => {
      const sent = request({ hostname, port, method, path: target, headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          resolve({
            status: response.statusCode ?? 0,
            body: jsonOf(text, response.headers['content-type']),
            headers: new Headers(response.headers as Record<string, string>),
          });
        });
        response.on('error', reject);
      });
      sent.on('error', reject);
      sent.end(options.body);
    });
  }

  return { scim, raw, sentAs };
}
