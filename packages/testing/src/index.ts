export { silentMp3, silentWav } from './audio-samples.ts';
export { createTestDatabase, newTestDatabaseName, type TestDatabase } from './database.ts';
export {
  CANNED_CHAT_REPLY,
  type ChatCompletionRequest,
  type EmbeddingsRequest,
  type FakeOpenAI,
  type FakeOpenAIHandlers,
  fakeEmbedding,
  type SpeechRequest,
  startFakeOpenAI,
} from './fake-openai.ts';
export { type FakeS3, type FakeS3Object, type FakeS3Options, startFakeS3 } from './fake-s3.ts';
export {
  type FakeStripe,
  type FakeStripeOptions,
  type StripeErrorBody,
  type StripeObject,
  startFakeStripe,
} from './fake-stripe.ts';
export {
  type FeedRequest,
  type FeedRoute,
  type FeedServer,
  type FeedServerOptions,
  startFeedServer,
} from './feed-server.ts';
export type { TestDatabaseContext } from './global-setup.ts';
export type { RecordedRequest } from './http-fake.ts';
export { type JsonSchema, sampleFromSchema } from './json-schema-sample.ts';
export { fixturesDir, repoRoot } from './paths.ts';
export {
  cleanupPrefix,
  DEFAULT_REDIS_URL,
  type TestTransportOptions,
  testPrefix,
  testRedisUrl,
  testTransportOptions,
} from './redis.ts';
export {
  type CapturedMail,
  type SmtpCapture,
  type SmtpCaptureOptions,
  startSmtpCapture,
} from './smtp-capture.ts';
export { waitFor } from './wait-for.ts';
export { freePort, type ServiceProcess, spawnService, waitForHealthy } from './service-process.ts';
export { testWorkerService, type WorkerServiceSuiteOptions } from './worker-service-suite.ts';
export {
  apiSignIn,
  SEED_PASSWORD,
  type SeedUser,
  seedDatasource,
  seedSummary,
  seedTopic,
  seedUser,
  uniqueEmail,
  uniqueSlug,
} from './seed.ts';
export {
  type Product,
  type ProductOptions,
  SERVICE_NAMES,
  type ServiceName,
  startProduct,
  type WorkerName,
} from './product.ts';
export { liftedLimitsEnv } from './limits-env.ts';
