import { z } from 'zod';
import { api, ErrorBody, type RouteContract } from '@hub/proto';
import { SESSION_COOKIE } from '../http/request-context.js';

type JsonSchema = Record<string, unknown>;

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/**
 * Names each integer's format from the bounds its zod schema enforces (zod writes the bounds
 * into the JSON schema but no format): int32 when they fit, int64 otherwise.
 */
function withIntegerFormats(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withIntegerFormats);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, withIntegerFormats(value)]),
  ) as JsonSchema;
  if (copy.type === 'integer' && copy.format === undefined) {
    const fits =
      typeof copy.minimum === 'number' &&
      typeof copy.maximum === 'number' &&
      copy.minimum >= INT32.min &&
      copy.maximum <= INT32.max;
    copy.format = fits ? 'int32' : 'int64';
  }
  return copy;
}

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  withIntegerFormats(
    z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }),
  ) as JsonSchema;

/** '/api/auth/organization/:domain' -> '/api/auth/organization/{domain}' */
const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

function parameters(route: RouteContract) {
  const list: JsonSchema[] = [];
  for (const [location, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue;
    const properties = (toSchema(schema, 'input').properties ?? {}) as Record<string, JsonSchema>;
    for (const [name, property] of Object.entries(properties)) {
      list.push({ name, in: location, required: location === 'path', schema: property });
    }
  }
  return list;
}

/** A route an API token may call answers 429 past the token's budget; sign-in past its own. */
const answersTooMany = (route: RouteContract) =>
  route.rateLimited === true || (route.access !== 'public' && route.sessionOnly !== true);

/** Who may call: nobody in particular, a browser session only, or a session or an API token. */
function security(route: RouteContract) {
  if (route.access === 'public') return [];
  return route.sessionOnly ? [{ session: [] }] : [{ session: [] }, { bearer: [] }];
}

function operation(name: string, route: RouteContract) {
  const errorContent = { 'application/json': { schema: toSchema(ErrorBody, 'output') } };
  return {
    operationId: name,
    summary: route.summary,
    tags: [route.tag],
    description:
      route.access === 'public' ? 'No session needed.' : `Roles: ${route.access.join(', ')}.`,
    security: security(route),
    parameters: parameters(route),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toSchema(route.body, 'input') } },
          },
        }
      : {}),
    responses: {
      200: {
        description: 'Success',
        content: { 'application/json': { schema: toSchema(route.response, 'output') } },
      },
      400: { description: 'Invalid request', content: errorContent },
      401: { description: 'Not signed in', content: errorContent },
      403: { description: 'Role not allowed', content: errorContent },
      ...(answersTooMany(route)
        ? {
            429: {
              description: 'Too many requests: wait the seconds Retry-After says, then retry',
              headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
              content: errorContent,
            },
          }
        : {}),
    },
  };
}

/** The OpenAPI document, generated from the same route table the gateway enforces. */
export function buildOpenApiDocument(version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, route] of Object.entries(api) as [string, RouteContract][]) {
    const path = (paths[openApiPath(route.path)] ??= {});
    path[route.method.toLowerCase()] = operation(name, route);
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Frontline Hub API', version },
    servers: [{ url: '/', description: 'The server that serves this document' }],
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: "An organization's API token (hub_pat_...), within its role ceiling",
        },
      },
      headers: {
        RetryAfter: {
          description: 'Seconds to wait before retrying',
          schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 3600 },
        },
      },
    },
    paths,
  };
}
