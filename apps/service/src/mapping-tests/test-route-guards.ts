import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  isValidMappingId,
  isValidTestName,
  MAPPING_ID_PATTERN,
  mappingIdProblem,
  StoreError,
  TEST_NAME_PATTERN,
} from '@mapx/plugin-api';
import { sendError } from '../http/reply/error-reply.js';
import { testCaseStore, type TestCaseStore } from './test-store.js';

/** Checks ids and finds the store that keeps tests; answers the error itself and returns undefined otherwise. */
export function guard(
  app: FastifyInstance,
  reply: FastifyReply,
  mappingId: string,
  testName?: string,
): TestCaseStore | undefined {
  if (!isValidMappingId(mappingId)) {
    const reserved = MAPPING_ID_PATTERN.test(mappingId) ? `: ${mappingIdProblem(mappingId)}` : '';
    const params = { mappingId: mappingId.slice(0, 80), pattern: MAPPING_ID_PATTERN.source, reserved };
    sendError(reply, 'MAPPING_ID_INVALID', { params });
    return undefined;
  }
  if (testName !== undefined && !isValidTestName(testName)) {
    const params = { testName: testName.slice(0, 80), pattern: TEST_NAME_PATTERN.source };
    sendError(reply, 'TEST_NAME_INVALID', { params });
    return undefined;
  }
  const store = testCaseStore(app.mapx);
  if (!store) {
    const name = app.mapx.writableStore?.name ?? 'configured';
    sendError(reply, 'TESTS_NOT_KEPT', { params: { store: name } });
  }
  return store;
}

/** The store the writes go to, when test writes are possible at all. */
export function writableTests(
  app: FastifyInstance,
  store: TestCaseStore,
): Required<TestCaseStore> | undefined {
  const enabled = app.mapx.config.mappings.writeEnabled && store.capabilities.write;
  return enabled && store.putTest && store.deleteTest ? (store as Required<TestCaseStore>) : undefined;
}

export function storeFailure(
  app: FastifyInstance,
  reply: FastifyReply,
  err: unknown,
  what: string,
): FastifyReply {
  if (err instanceof StoreError && err.code === 'STORE_READ_ONLY')
    return sendError(reply, 'TEST_WRITES_DISABLED');
  app.log.error({ err }, `store failure while ${what}`);
  return sendError(reply, 'TEST_STORE_FAILED', { params: { what } });
}
