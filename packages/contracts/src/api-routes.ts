import type { z } from 'zod';
import {
  AdminPodcastGenerateBodySchema,
  AdminPodcastGenerateResponseSchema,
  AdminPodcastListQuerySchema,
  AdminPodcastListResponseSchema,
  DigestDueResponseSchema,
  DigestSendDueBodySchema,
  DigestSendDueResponseSchema,
} from './admin-ops.ts';
import {
  AdminStoriesQuerySchema,
  AdminStoriesResponseSchema,
  StoryClusteringStatusSchema,
} from './admin-stories.ts';
import {
  AdminDatasourceBodySchema,
  AdminDatasourceListQuerySchema,
  AdminDatasourceListResponseSchema,
  AdminDatasourcePatchSchema,
  AdminDatasourceSchema,
  AdminIdParamsSchema,
  AdminQueuesResponseSchema,
  AdminSubmissionListQuerySchema,
  AdminSubmissionListResponseSchema,
  AdminSubmissionSchema,
  AdminTopicBodySchema,
  AdminTopicListQuerySchema,
  AdminTopicListResponseSchema,
  AdminTopicPatchSchema,
  AdminTopicSchema,
  ApproveSubmissionBodySchema,
  ApproveSubmissionResponseSchema,
  BatchStatusResponseSchema,
  DatasourceBatchStatusBodySchema,
  DeletedResponseSchema,
  RejectSubmissionBodySchema,
  RetryJobParamsSchema,
  RetryJobResponseSchema,
  TopicBatchStatusBodySchema,
} from './admin.ts';
import { AppConfigSchema } from './app-config.ts';
import {
  AcceptedResponseSchema,
  ChangePasswordBodySchema,
  LoginBodySchema,
  MeResponseSchema,
  PasswordChangedResponseSchema,
  PasswordResetConfirmBodySchema,
  PasswordResetRequestBodySchema,
  PatchMeBodySchema,
  RegisterBodySchema,
  RegisterResponseSchema,
  ResendVerificationBodySchema,
  SessionSchema,
  VerifyEmailBodySchema,
} from './auth.ts';
import {
  CheckoutBodySchema,
  CheckoutResponseSchema,
  DemoCheckoutPayBodySchema,
  DemoCheckoutPayResponseSchema,
  DemoCheckoutQuerySchema,
  DemoCheckoutSessionSchema,
  DemoEndPeriodResponseSchema,
  SubscriptionActionBodySchema,
  SubscriptionActionResponseSchema,
  SubscriptionResponseSchema,
  WebhookResponseSchema,
} from './billing.ts';
import {
  AdminBlogListResponseSchema,
  AdminBlogPostBodySchema,
  AdminBlogPostPatchSchema,
  AdminBlogPostSchema,
  BlogIdParamsSchema,
  BlogListQuerySchema,
  BlogListResponseSchema,
  BlogPostQuerySchema,
  BlogPostResponseSchema,
  BlogSlugParamsSchema,
  BlogViewResponseSchema,
} from './blog.ts';
import {
  DatasourceListQuerySchema,
  DatasourceListResponseSchema,
  FavoriteDatasourceBodySchema,
  FavoriteDatasourcesResponseSchema,
  FavoriteSummariesResponseSchema,
  FavoriteSummaryBodySchema,
  GeneratedContentListSchema,
  IdOrSlugParamsSchema,
  IdParamsSchema,
  SourceNameParamsSchema,
  SourceSubmissionBodySchema,
  SourceTreeQuerySchema,
  SourceTreeResponseSchema,
  SuccessMessageSchema,
  SummaryDetailSchema,
  SummaryListQuerySchema,
  SummaryListResponseSchema,
  TimeZoneQuerySchema,
  TopicDtoSchema,
  TopicFilterOptionsQuerySchema,
  TopicFilterOptionsSchema,
  TopicGeneratedContentQuerySchema,
  TopicListResponseSchema,
  TopicStatsQuerySchema,
  TopicStatsResponseSchema,
  YoutubeSourcesQuerySchema,
  YoutubeSourcesResponseSchema,
  YoutubeSummariesQuerySchema,
  YoutubeSummariesResponseSchema,
} from './content.ts';
import { FeedTokenCreatedSchema, FeedTokenStatusSchema } from './feeds.ts';
import {
  CreateGenerationTaskBodySchema,
  CreateGenerationTaskResponseSchema,
  DeleteGeneratedContentResponseSchema,
  GeneratePostBodySchema,
  GeneratePostResponseSchema,
  GeneratedContentParamsSchema,
  GenerationHistoryQuerySchema,
  GenerationHistoryResponseSchema,
  GenerationResultsQuerySchema,
  GenerationResultsResponseSchema,
  GenerationTaskActionResponseSchema,
  GenerationTaskParamsSchema,
  GenerationTaskStatusSchema,
  UpdateGeneratedContentBodySchema,
  UpdateGeneratedContentResponseSchema,
} from './generation.ts';
import {
  AdminSubscribersQuerySchema,
  AdminSubscribersResponseSchema,
  MailEventResponseSchema,
} from './mail-events.ts';
import {
  DigestPreviewBodySchema,
  DigestPreviewResponseSchema,
  DigestSendBodySchema,
  DigestSendResponseSchema,
  MeNewsletterBodySchema,
  MeNewsletterResponseSchema,
  NewsletterConfirmBodySchema,
  NewsletterConfirmResponseSchema,
  NewsletterPreferencesBodySchema,
  NewsletterPreferencesResponseSchema,
  NewsletterSubscribeBodySchema,
  NewsletterSubscribeResponseSchema,
  OneClickQuerySchema,
  OneClickResponseSchema,
  UnsubscribeBodySchema,
  UnsubscribeResponseSchema,
  UnsubscribeViewQuerySchema,
  UnsubscribeViewResponseSchema,
} from './newsletter.ts';
import { OpmlImportBodySchema, OpmlImportQuerySchema, OpmlImportResultSchema } from './opml.ts';
import {
  AdminCrawlBodySchema,
  AdminCrawlResponseSchema,
  CleanupBodySchema,
  DataCleanupResponseSchema,
  PostsCleanupResponseSchema,
  ProcessPendingBodySchema,
  ProcessPendingResponseSchema,
  SourceHealthQuerySchema,
  SourceHealthResponseSchema,
} from './pipeline.ts';
import {
  PodcastFeedTokenSchema,
  PodcastIdParamsSchema,
  PodcastListQuerySchema,
  PodcastListResponseSchema,
  PodcastTranscriptResponseSchema,
} from './podcast.ts';
import {
  MergeStoryBodySchema,
  SplitStoryBodySchema,
  StoryChangeResponseSchema,
  StoryDetailSchema,
} from './stories.ts';
import {
  FollowBodySchema,
  FollowsResponseSchema,
  MarkAllReadBodySchema,
  MarkAllReadResponseSchema,
  ReadingSettingsSchema,
  ReadsBodySchema,
  ReadsResponseSchema,
  UnreadCountsQuerySchema,
  UnreadCountsResponseSchema,
} from './reading.ts';
import { UsageQuerySchema, UsageResponseSchema } from './usage.ts';

/**
 * The gateway's JSON API, route by route: `'METHOD /path/:param'` to the schemas of its path
 * parameters, query, body and success answer (`status` when that is not 200; a 204 has no answer).
 * The routes use these very schemas (a gateway test holds each entry to its registered route, and
 * every JSON route to an entry); the web's client takes its types from here, so a call names its
 * route and gets the answer's type, with nothing declared again beside the contracts.
 */
export const API_ROUTES = {
  'POST /api/generation-tasks': {
    body: CreateGenerationTaskBodySchema,
    answer: CreateGenerationTaskResponseSchema,
  },
  'GET /api/generation-tasks': {
    query: GenerationHistoryQuerySchema,
    answer: GenerationHistoryResponseSchema,
  },
  'GET /api/generation-tasks/:taskId': {
    params: GenerationTaskParamsSchema,
    answer: GenerationTaskStatusSchema,
  },
  'POST /api/generation-tasks/:taskId/retry': {
    params: GenerationTaskParamsSchema,
    answer: GenerationTaskActionResponseSchema,
  },
  'POST /api/generation-tasks/:taskId/cancel': {
    params: GenerationTaskParamsSchema,
    answer: GenerationTaskActionResponseSchema,
  },
  'GET /api/generated-content': {
    query: GenerationResultsQuerySchema,
    answer: GenerationResultsResponseSchema,
  },
  'PATCH /api/generated-content/:id': {
    params: GeneratedContentParamsSchema,
    body: UpdateGeneratedContentBodySchema,
    answer: UpdateGeneratedContentResponseSchema,
  },
  'DELETE /api/generated-content/:id': {
    params: GeneratedContentParamsSchema,
    answer: DeleteGeneratedContentResponseSchema,
  },
  'POST /api/generate/post': { body: GeneratePostBodySchema, answer: GeneratePostResponseSchema },
  'POST /api/auth/register': { body: RegisterBodySchema, answer: RegisterResponseSchema, status: 201 },
  'POST /api/auth/login': { body: LoginBodySchema, answer: SessionSchema },
  'POST /api/auth/verify': { body: VerifyEmailBodySchema, answer: SessionSchema },
  'POST /api/auth/verify/resend': {
    body: ResendVerificationBodySchema,
    answer: AcceptedResponseSchema,
    status: 202,
  },
  'POST /api/auth/password-reset': {
    body: PasswordResetRequestBodySchema,
    answer: AcceptedResponseSchema,
    status: 202,
  },
  'POST /api/auth/password-reset/confirm': {
    body: PasswordResetConfirmBodySchema,
    answer: AcceptedResponseSchema,
  },
  'POST /api/auth/password': { body: ChangePasswordBodySchema, answer: PasswordChangedResponseSchema },
  'POST /api/auth/refresh': { answer: SessionSchema },
  'POST /api/auth/logout': { status: 204 },
  'POST /api/auth/logout-all': { status: 204 },
  'GET /api/config': { answer: AppConfigSchema },
  'GET /api/me': { answer: MeResponseSchema },
  'PATCH /api/me': { body: PatchMeBodySchema, answer: MeResponseSchema },
  'GET /api/me/feed-token': { answer: FeedTokenStatusSchema },
  'POST /api/me/feed-token': { answer: FeedTokenCreatedSchema },
  'DELETE /api/me/feed-token': { status: 204 },
  'GET /api/me/newsletter': { answer: MeNewsletterResponseSchema },
  'PATCH /api/me/newsletter': { body: MeNewsletterBodySchema, answer: MeNewsletterResponseSchema },
  'GET /api/me/follows': { answer: FollowsResponseSchema },
  'POST /api/me/follows': { body: FollowBodySchema, answer: FollowsResponseSchema },
  'DELETE /api/me/follows': { body: FollowBodySchema, answer: FollowsResponseSchema },
  'GET /api/me/reading-settings': { answer: ReadingSettingsSchema },
  'PATCH /api/me/reading-settings': { body: ReadingSettingsSchema, answer: ReadingSettingsSchema },
  'POST /api/me/reads': { body: ReadsBodySchema, answer: ReadsResponseSchema },
  'DELETE /api/me/reads': { body: ReadsBodySchema, answer: ReadsResponseSchema },
  'POST /api/me/reads/all': { body: MarkAllReadBodySchema, answer: MarkAllReadResponseSchema },
  'GET /api/me/unread-counts': { query: UnreadCountsQuerySchema, answer: UnreadCountsResponseSchema },
  'GET /api/admin/topics': { query: AdminTopicListQuerySchema, answer: AdminTopicListResponseSchema },
  'POST /api/admin/topics': { body: AdminTopicBodySchema, answer: AdminTopicSchema, status: 201 },
  'PATCH /api/admin/topics/:id': {
    params: AdminIdParamsSchema,
    body: AdminTopicPatchSchema,
    answer: AdminTopicSchema,
  },
  'DELETE /api/admin/topics/:id': { params: AdminIdParamsSchema, answer: DeletedResponseSchema },
  'POST /api/admin/topics/batch-status': {
    body: TopicBatchStatusBodySchema,
    answer: BatchStatusResponseSchema,
  },
  'GET /api/admin/datasources': {
    query: AdminDatasourceListQuerySchema,
    answer: AdminDatasourceListResponseSchema,
  },
  'POST /api/admin/datasources': {
    body: AdminDatasourceBodySchema,
    answer: AdminDatasourceSchema,
    status: 201,
  },
  'PATCH /api/admin/datasources/:id': {
    params: AdminIdParamsSchema,
    body: AdminDatasourcePatchSchema,
    answer: AdminDatasourceSchema,
  },
  'DELETE /api/admin/datasources/:id': { params: AdminIdParamsSchema, answer: DeletedResponseSchema },
  'POST /api/admin/datasources/batch-status': {
    body: DatasourceBatchStatusBodySchema,
    answer: BatchStatusResponseSchema,
  },
  'POST /api/admin/opml/import': {
    query: OpmlImportQuerySchema,
    body: OpmlImportBodySchema,
    answer: OpmlImportResultSchema,
  },
  'GET /api/admin/submissions': {
    query: AdminSubmissionListQuerySchema,
    answer: AdminSubmissionListResponseSchema,
  },
  'POST /api/admin/submissions/:id/approve': {
    params: AdminIdParamsSchema,
    body: ApproveSubmissionBodySchema,
    answer: ApproveSubmissionResponseSchema,
  },
  'POST /api/admin/submissions/:id/reject': {
    params: AdminIdParamsSchema,
    body: RejectSubmissionBodySchema,
    answer: AdminSubmissionSchema,
  },
  'GET /api/admin/blog/posts': { answer: AdminBlogListResponseSchema },
  'POST /api/admin/blog/posts': { body: AdminBlogPostBodySchema, answer: AdminBlogPostSchema, status: 201 },
  'PATCH /api/admin/blog/posts/:id': {
    params: AdminIdParamsSchema,
    body: AdminBlogPostPatchSchema,
    answer: AdminBlogPostSchema,
  },
  'GET /api/admin/stories': { query: AdminStoriesQuerySchema, answer: AdminStoriesResponseSchema },
  'GET /api/admin/stories/clustering': { answer: StoryClusteringStatusSchema },
  'POST /api/admin/stories/clustering': { answer: StoryClusteringStatusSchema },
  'POST /api/admin/stories/:id/split': {
    params: IdParamsSchema,
    body: SplitStoryBodySchema,
    answer: StoryChangeResponseSchema,
  },
  'POST /api/admin/stories/:id/merge': {
    params: IdParamsSchema,
    body: MergeStoryBodySchema,
    answer: StoryChangeResponseSchema,
  },
  'POST /api/admin/digest/preview': { body: DigestPreviewBodySchema, answer: DigestPreviewResponseSchema },
  'POST /api/admin/digest/send': { body: DigestSendBodySchema, answer: DigestSendResponseSchema },
  'GET /api/admin/digest/due': { answer: DigestDueResponseSchema },
  'POST /api/admin/digest/send-due': {
    body: DigestSendDueBodySchema,
    answer: DigestSendDueResponseSchema,
    status: 202,
  },
  'GET /api/admin/queues': { answer: AdminQueuesResponseSchema },
  'POST /api/admin/queues/:queue/jobs/:id/retry': {
    params: RetryJobParamsSchema,
    answer: RetryJobResponseSchema,
  },
  'POST /api/admin/crawl': { body: AdminCrawlBodySchema, answer: AdminCrawlResponseSchema },
  'POST /api/admin/process-pending': { body: ProcessPendingBodySchema, answer: ProcessPendingResponseSchema },
  'POST /api/admin/cleanup/data': { body: CleanupBodySchema, answer: DataCleanupResponseSchema },
  'POST /api/admin/cleanup/posts': { body: CleanupBodySchema, answer: PostsCleanupResponseSchema },
  'GET /api/admin/source-health': { query: SourceHealthQuerySchema, answer: SourceHealthResponseSchema },
  'GET /api/admin/subscribers': {
    query: AdminSubscribersQuerySchema,
    answer: AdminSubscribersResponseSchema,
  },
  'GET /api/admin/podcasts': { query: AdminPodcastListQuerySchema, answer: AdminPodcastListResponseSchema },
  'POST /api/admin/podcasts/generate': {
    body: AdminPodcastGenerateBodySchema,
    answer: AdminPodcastGenerateResponseSchema,
  },
  'GET /api/admin/usage': { query: UsageQuerySchema, answer: UsageResponseSchema },
  'GET /api/topics': { answer: TopicListResponseSchema },
  'GET /api/topics/stats': { query: TopicStatsQuerySchema, answer: TopicStatsResponseSchema },
  'GET /api/topics/:idOrSlug': { params: IdOrSlugParamsSchema, answer: TopicDtoSchema },
  'GET /api/topics/:idOrSlug/generated-content': {
    params: IdOrSlugParamsSchema,
    query: TopicGeneratedContentQuerySchema,
    answer: GeneratedContentListSchema,
  },
  'GET /api/topics/:idOrSlug/filter-options': {
    params: IdOrSlugParamsSchema,
    query: TopicFilterOptionsQuerySchema,
    answer: TopicFilterOptionsSchema,
  },
  'GET /api/datasources': { query: DatasourceListQuerySchema, answer: DatasourceListResponseSchema },
  'GET /api/sources/tree': { query: SourceTreeQuerySchema, answer: SourceTreeResponseSchema },
  'GET /api/summaries': { query: SummaryListQuerySchema, answer: SummaryListResponseSchema },
  'GET /api/summaries/:id': {
    params: IdParamsSchema,
    query: TimeZoneQuerySchema,
    answer: SummaryDetailSchema,
  },
  'GET /api/stories/:id': { params: IdParamsSchema, query: TimeZoneQuerySchema, answer: StoryDetailSchema },
  'GET /api/favorites/datasources': { answer: FavoriteDatasourcesResponseSchema },
  'POST /api/favorites/datasources': { body: FavoriteDatasourceBodySchema, answer: SuccessMessageSchema },
  'DELETE /api/favorites/datasources': { body: FavoriteDatasourceBodySchema, answer: SuccessMessageSchema },
  'GET /api/favorites/summaries': { answer: FavoriteSummariesResponseSchema },
  'POST /api/favorites/summaries': { body: FavoriteSummaryBodySchema, answer: SuccessMessageSchema },
  'DELETE /api/favorites/summaries': { body: FavoriteSummaryBodySchema, answer: SuccessMessageSchema },
  'POST /api/source-submissions': { body: SourceSubmissionBodySchema, answer: SuccessMessageSchema },
  'GET /api/youtube/sources': { query: YoutubeSourcesQuerySchema, answer: YoutubeSourcesResponseSchema },
  'GET /api/youtube/:sourceName/summaries': {
    params: SourceNameParamsSchema,
    query: YoutubeSummariesQuerySchema,
    answer: YoutubeSummariesResponseSchema,
  },
  'POST /api/newsletter/subscriptions': {
    body: NewsletterSubscribeBodySchema,
    answer: NewsletterSubscribeResponseSchema,
  },
  'GET /api/newsletter/unsubscribe': {
    query: UnsubscribeViewQuerySchema,
    answer: UnsubscribeViewResponseSchema,
  },
  'POST /api/newsletter/unsubscribe': { body: UnsubscribeBodySchema, answer: UnsubscribeResponseSchema },
  'POST /api/newsletter/preferences': {
    body: NewsletterPreferencesBodySchema,
    answer: NewsletterPreferencesResponseSchema,
  },
  'POST /api/newsletter/confirm': {
    body: NewsletterConfirmBodySchema,
    answer: NewsletterConfirmResponseSchema,
  },
  'POST /api/newsletter/one-click': { query: OneClickQuerySchema, answer: OneClickResponseSchema },
  'POST /api/newsletter/mail-events': { answer: MailEventResponseSchema },
  'GET /api/blog/posts': { query: BlogListQuerySchema, answer: BlogListResponseSchema },
  'GET /api/blog/posts/:slug': {
    params: BlogSlugParamsSchema,
    query: BlogPostQuerySchema,
    answer: BlogPostResponseSchema,
  },
  'POST /api/blog/posts/:id/view': { params: BlogIdParamsSchema, answer: BlogViewResponseSchema },
  'POST /api/billing/checkout': { body: CheckoutBodySchema, answer: CheckoutResponseSchema },
  'GET /api/billing/subscription': { answer: SubscriptionResponseSchema },
  'POST /api/billing/subscription': {
    body: SubscriptionActionBodySchema,
    answer: SubscriptionActionResponseSchema,
  },
  'POST /api/billing/webhook': { answer: WebhookResponseSchema },
  'GET /api/billing/demo/session': { query: DemoCheckoutQuerySchema, answer: DemoCheckoutSessionSchema },
  'POST /api/billing/demo/pay': { body: DemoCheckoutPayBodySchema, answer: DemoCheckoutPayResponseSchema },
  'POST /api/billing/demo/end-period': { answer: DemoEndPeriodResponseSchema },
  'POST /api/podcasts/feed-token': { answer: PodcastFeedTokenSchema },
  'DELETE /api/podcasts/feed-token': { status: 204 },
  'GET /api/podcasts': { query: PodcastListQuerySchema, answer: PodcastListResponseSchema },
  'GET /api/podcasts/:id/transcript': {
    params: PodcastIdParamsSchema,
    answer: PodcastTranscriptResponseSchema,
  },
} as const satisfies Record<string, ApiRouteContract>;

export type ApiRouteContract = {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  answer?: z.ZodType;
  status?: 200 | 201 | 202 | 204;
};

type Routes = typeof API_ROUTES;
export type ApiRoute = keyof Routes;
type Part<K extends ApiRoute, P extends string> =
  Routes[K] extends Record<P, infer S extends z.ZodType> ? S : never;

/** What a route answers (undefined for a 204). */
export type ApiAnswer<K extends ApiRoute> = [Part<K, 'answer'>] extends [never]
  ? undefined
  : z.output<Part<K, 'answer'>>;
/** Its path parameters, as the client fills them in. */
export type ApiParams<K extends ApiRoute> = [Part<K, 'params'>] extends [never]
  ? never
  : z.input<Part<K, 'params'>>;
/** Its query, as a caller writes it (defaults may be left out). */
export type ApiQuery<K extends ApiRoute> = [Part<K, 'query'>] extends [never]
  ? never
  : z.input<Part<K, 'query'>>;
/** Its body, as a caller writes it. */
export type ApiBody<K extends ApiRoute> = [Part<K, 'body'>] extends [never]
  ? never
  : z.input<Part<K, 'body'>>;
