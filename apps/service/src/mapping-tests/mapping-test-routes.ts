import type { FastifyInstance, HTTPMethods } from 'fastify';
import * as api from '@mapx/api';
import { exceedsDepth } from '@mapx/engine';
import { isValidTestInputExtension, TEST_INPUT_EXTENSION_PATTERN } from '@mapx/plugin-api';
import { sendError } from '../http/reply/error-reply.js';
import { waitForWarmup } from '../http/wait-for-warmup.js';
import { notServedAnswer } from '../mappings/not-served.js';
import { WARMUP_MAPPINGS } from '../services.js';
import { zodRoutes } from '../http/zod-routes.js';
import { expectationText } from './expectation-text.js';
import { runMappingTests } from './run-mapping-tests.js';
import { runTestCase } from './run-test-case.js';
import { testCaseBody } from './test-case-body.js';
import { guard, storeFailure, writableTests } from './test-route-guards.js';
import { caseBytes } from './test-bounds.js';

/** `/MappingTests/...`: list, read, write, delete and run the test cases beside saved mappings. */
export async function mappingTestRoutes(app: FastifyInstance): Promise<void> {
  if (!app.mapx.mappings.configured) {
    const all: HTTPMethods[] = ['GET', 'POST', 'PUT', 'DELETE'];
    for (const url of ['/MappingTests', '/MappingTests/*'])
      app.route({ method: all, url, handler: async (_r, reply) => sendError(reply, 'NO_MAPPING_SOURCE') });
    return;
  }
  app.addHook('preHandler', waitForWarmup(app, [WARMUP_MAPPINGS]));
  const routes = zodRoutes(app);
  // test writes are gated like mapping writes: enterprise edition, writable store
  const writeConfig = { edition: 'enterprise', feature: 'mapping test writes' } as const;

  routes.get(
    api.listMappingTestsRoute.url,
    { schema: { params: api.listMappingTestsRoute.params } },
    async (request, reply) => {
      const { mappingId } = request.params;
      const store = guard(app, reply, mappingId);
      if (!store) return reply;
      try {
        return await store.listTests(mappingId);
      } catch (err) {
        return storeFailure(app, reply, err, `listing the tests of '${mappingId}'`);
      }
    },
  );

  routes.get(
    api.readMappingTestRoute.url,
    { schema: { params: api.readMappingTestRoute.params } },
    async (request, reply) => {
      const { mappingId, testName } = request.params;
      const store = guard(app, reply, mappingId, testName);
      if (!store) return reply;
      try {
        const testCase = await store.getTest(mappingId, testName);
        if (!testCase) return sendError(reply, 'TEST_CASE_NOT_FOUND', { params: { mappingId, testName } });
        return testCaseBody(testCase);
      } catch (err) {
        return storeFailure(app, reply, err, `reading test '${testName}' of '${mappingId}'`);
      }
    },
  );

  const putSchema = { params: api.putMappingTestRoute.params, body: api.putMappingTestRoute.validatedBody };
  routes.put(
    api.putMappingTestRoute.url,
    {
      schema: putSchema,
      attachValidation: true,
      config: writeConfig,
      // a case body is JSON text (input escaped, expectation indented): far above the bound is refused unread
      bodyLimit: Math.min(
        app.mapx.config.server.bodyLimit,
        8 * app.mapx.config.mappings.testCaseMaxBytes + 65_536,
      ),
    },
    async (request, reply) => {
      const { mappingId, testName } = request.params;
      const store = guard(app, reply, mappingId, testName);
      if (!store) return reply;
      if (request.validationError)
        return sendError(reply, 'TEST_CASE_INVALID', { params: { detail: request.validationError.message } });
      const { inputExtension, input, expected } = request.body;
      if (!isValidTestInputExtension(inputExtension)) {
        const params = {
          extension: inputExtension.slice(0, 20),
          pattern: TEST_INPUT_EXTENSION_PATTERN.source,
        };
        return sendError(reply, 'TEST_INPUT_EXTENSION_INVALID', { params });
      }
      const depth = app.mapx.config.eval.maxInputDepth;
      if (exceedsDepth(expected, depth)) {
        const detail = `expected is nested deeper than ${depth} levels (MAPX_MAX_INPUT_DEPTH)`;
        return sendError(reply, 'TEST_CASE_INVALID', { params: { detail } });
      }
      if (!app.mapx.mappings.current().mappings.has(mappingId)) {
        const { status, body } = notServedAnswer(app.mapx.mappings.current(), mappingId);
        return reply.code(status).send(body);
      }
      const writable = writableTests(app, store);
      if (!writable) return sendError(reply, 'TEST_WRITES_DISABLED');
      const testCase = {
        name: testName,
        inputExtension,
        input: new TextEncoder().encode(input),
        ...(expected === undefined ? {} : { expected: expectationText(expected) }),
      };
      const { testCaseMaxBytes: limit, testCasesMax } = app.mapx.config.mappings;
      const bytes = caseBytes(testCase);
      if (bytes > limit) return sendError(reply, 'TEST_CASE_TOO_LARGE', { params: { bytes, limit } });
      try {
        const existing = await writable.listTests(mappingId);
        if (existing.length >= testCasesMax && !existing.some((c) => c.name === testName)) {
          const params = { mappingId, count: existing.length, limit: testCasesMax };
          return sendError(reply, 'TEST_CASES_TOO_MANY', { params });
        }
        const { created } = await writable.putTest(mappingId, testCase);
        const summary = { name: testName, inputExtension, hasExpected: expected !== undefined };
        return reply.code(created ? 201 : 200).send(summary);
      } catch (err) {
        return storeFailure(app, reply, err, `saving test '${testName}' of '${mappingId}'`);
      }
    },
  );

  const deleteSchema = { params: api.deleteMappingTestRoute.params };
  routes.delete(
    api.deleteMappingTestRoute.url,
    { schema: deleteSchema, config: writeConfig },
    async (request, reply) => {
      const { mappingId, testName } = request.params;
      const store = guard(app, reply, mappingId, testName);
      if (!store) return reply;
      const writable = writableTests(app, store);
      if (!writable) return sendError(reply, 'TEST_WRITES_DISABLED');
      try {
        if (await writable.deleteTest(mappingId, testName)) return reply.code(204).send();
        return sendError(reply, 'TEST_CASE_NOT_FOUND', { params: { mappingId, testName } });
      } catch (err) {
        return storeFailure(app, reply, err, `deleting test '${testName}' of '${mappingId}'`);
      }
    },
  );

  routes.post(
    api.runMappingTestsRoute.url,
    { schema: { params: api.runMappingTestsRoute.params } },
    async (request, reply) => {
      const { mappingId } = request.params;
      const store = guard(app, reply, mappingId);
      if (!store) return reply;
      try {
        const report = await runMappingTests(app.mapx, store, mappingId);
        if (report) return report;
      } catch (err) {
        return storeFailure(app, reply, err, `running the tests of '${mappingId}'`);
      }
      const { status, body } = notServedAnswer(app.mapx.mappings.current(), mappingId);
      return reply.code(status).send(body);
    },
  );

  routes.post(
    api.runMappingTestRoute.url,
    { schema: { params: api.runMappingTestRoute.params } },
    async (request, reply) => {
      const { mappingId, testName } = request.params;
      const store = guard(app, reply, mappingId, testName);
      if (!store) return reply;
      const view = app.mapx.mappings.current();
      const source = view.mappings.get(mappingId);
      if (source === undefined) {
        const { status, body } = notServedAnswer(view, mappingId);
        return reply.code(status).send(body);
      }
      try {
        const testCase = await store.getTest(mappingId, testName);
        if (!testCase) return sendError(reply, 'TEST_CASE_NOT_FOUND', { params: { mappingId, testName } });
        return await runTestCase(app.mapx, mappingId, source, testCase);
      } catch (err) {
        return storeFailure(app, reply, err, `running test '${testName}' of '${mappingId}'`);
      }
    },
  );
}
