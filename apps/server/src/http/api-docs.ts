import { adminEndpointList, endpointList, envelope } from '@h5/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** An OpenAPI 3.1 document generated from the contract registry, so it never drifts from the code. */
export function buildOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const ep of endpointList()) {
    const body = z.toJSONSchema(ep.body, { io: 'input', unrepresentable: 'any' });
    const answer = z.toJSONSchema(envelope(ep.data), { io: 'output', unrepresentable: 'any' });
    const operation: Record<string, unknown> = {
      operationId: ep.key,
      summary: ep.summary,
      security: ep.auth === 'member' ? [{ bearer: [] }] : [],
      responses: {
        200: { description: 'Envelope; code 200 is success', content: { 'application/json': { schema: answer } } },
      },
    };
    if (ep.method === 'GET') {
      const props = (body as { properties?: Record<string, unknown> }).properties ?? {};
      operation.parameters = Object.entries(props).map(([name, schema]) => ({ name, in: 'query', schema }));
    } else {
      operation.requestBody = { content: { 'application/json': { schema: body } } };
    }
    paths[ep.path] = { ...paths[ep.path], [ep.method.toLowerCase()]: operation };
  }
  // The back office: every call but the sign-in needs an operator token; roles and the :params are written out.
  for (const ep of adminEndpointList()) {
    const input = z.toJSONSchema(ep.input, { io: 'input', unrepresentable: 'any' });
    const answer = z.toJSONSchema(envelope(ep.data), { io: 'output', unrepresentable: 'any' });
    const path = ep.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const pathParams = [...ep.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const operation: Record<string, unknown> = {
      operationId: `admin.${ep.key}`,
      summary: ep.summary,
      description: `Roles: ${ep.roles.join(', ')}`,
      tags: ['back office'],
      security: ep.auth === 'operator' ? [{ bearer: [] }] : [],
      responses: {
        200: { description: 'Envelope; code 200 is success', content: { 'application/json': { schema: answer } } },
      },
    };
    if (ep.method === 'GET' || ep.method === 'DELETE') {
      const props = (input as { properties?: Record<string, unknown> }).properties ?? {};
      operation.parameters = [
        ...pathParams,
        ...Object.entries(props).map(([name, schema]) => ({ name, in: 'query', schema })),
      ];
    } else if (ep.multipart) {
      // An upload: the text fields of the input, and the file as the part named `file`.
      const fields = input as { properties?: Record<string, unknown> };
      const schema = {
        type: 'object',
        properties: { ...fields.properties, file: { type: 'string', format: 'binary' } },
        required: ['file'],
      };
      operation.parameters = pathParams;
      operation.requestBody = { required: true, content: { 'multipart/form-data': { schema } } };
    } else {
      operation.parameters = pathParams;
      operation.requestBody = { content: { 'application/json': { schema: input } } };
    }
    paths[path] = { ...paths[path], [ep.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'H5 member and back-office API', version: '1.0.0' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}

export function apiDocsRoute(app: FastifyInstance) {
  let doc: ReturnType<typeof buildOpenApi> | undefined;
  app.get('/api/docs', async () => (doc ??= buildOpenApi()));
}
