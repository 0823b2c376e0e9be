import { z } from 'zod';
import { api, ErrorBody, type RouteContract } from '@hub/proto';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as JsonSchema;

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

function operation(name: string, route: RouteContract) {
  const errorContent = { 'application/json': { schema: toSchema(ErrorBody, 'output') } };
  return {
    operationId: name,
    summary: route.summary,
    tags: [route.tag],
    description:
      route.access === 'public' ? 'No session needed.' : `Roles: ${route.access.join(', ')}.`,
    ...(route.access === 'public' ? {} : { security: [{ session: [] }] }),
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
    components: {
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'hub_session' } },
    },
    paths,
  };
}
