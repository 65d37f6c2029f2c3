import { createRoute } from '@tanstack/react-router';
import { BlogListPage } from '../features/blog/blog-list-page';
import { BlogPostPage } from '../features/blog/blog-post-page';
import { ContentSummaryPage } from '../features/content/summary-page/content-summary-page';
import { validateContentSummarySearch } from '../features/content/summary-page/search-params';
import { TopicPage } from '../features/content/topics/topic-page';
import { validateTopicSearch } from '../features/content/topics/topic-search';
import { OtherYoutubeSourcesPage } from '../features/content/youtube/other-youtube-sources-page';
import { YoutubeSourcePage } from '../features/content/youtube/youtube-source-page';
import { AuthTestPage } from '../features/content/debug/auth-test-page';
import { DatabaseTestPage } from '../features/content/debug/database-test-page';
import { DataTestPage } from '../features/content/debug/data-test-page';
import { LanguageFilterTestPage } from '../features/content/debug/language-filter-test-page';
import { SimpleTestPage } from '../features/content/debug/simple-test-page';
import { HomePage } from '../features/home/home-page';
import { NewsletterConfirmPage } from '../features/newsletter/confirm-page';
import { UnsubscribePage } from '../features/unsubscribe/unsubscribe-page';
import { validateUnsubscribeSearch } from '../features/unsubscribe/unsubscribe-search';
import { PricingPage } from '../features/pricing/pricing-page';
import { appLayoutRoute } from './app-layout';
import { dailyPodcastRoute } from './podcast';

// Public screens (spec §2 route map). Each placeholder is replaced by its feature's page.

export const homeRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/',
  component: HomePage,
});

/** Open to visitors (spec 2 §6); the gateway keeps visitors and free users to two days. */
export const contentSummaryRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'content-summary',
  validateSearch: validateContentSummarySearch,
  component: ContentSummaryPage,
});

export const pricingRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'pricing',
  component: PricingPage,
});

export const blogRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'blog',
  component: BlogListPage,
});

export const blogPostRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'blog/$slug',
  component: function BlogPostRouteComponent() {
    const { slug } = blogPostRoute.useParams();
    return <BlogPostPage key={slug} slug={slug} />;
  },
});

export const unsubscribeRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'unsubscribe',
  validateSearch: validateUnsubscribeSearch,
  component: function UnsubscribeRouteComponent() {
    return <UnsubscribePage search={unsubscribeRoute.useSearch()} />;
  },
});

/** The link in the double opt-in email; the page confirms with a POST (a fetched link changes nothing). */
export const newsletterConfirmRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'newsletter/confirm',
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: typeof search.token === 'string' && search.token.trim() ? search.token.trim() : undefined,
  }),
  component: function NewsletterConfirmRouteComponent() {
    const { token } = newsletterConfirmRoute.useSearch();
    return <NewsletterConfirmPage key={token} token={token} />;
  },
});

/** A topic slug shows the landing page, a UUID the topic detail page. */
export const topicRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'topics/$id',
  validateSearch: validateTopicSearch,
  component: function TopicRouteComponent() {
    const { id } = topicRoute.useParams();
    return <TopicPage id={id} />;
  },
});

export const youtubeSourceRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'youtube/$sourceName',
  component: function YoutubeSourceRouteComponent() {
    const { sourceName } = youtubeSourceRoute.useParams();
    return <YoutubeSourcePage sourceName={sourceName} />;
  },
});

export const otherYoutubeSourcesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'other-youtube-sources',
  component: OtherYoutubeSourcesPage,
});

// Debug screens (second spec document, "Debug screens").

export const authTestRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'auth-test',
  component: AuthTestPage,
});

export const dataTestRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'data-test',
  component: DataTestPage,
});

export const simpleTestRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'simple-test',
  component: SimpleTestPage,
});

export const languageFilterTestRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'language-filter-test',
  component: LanguageFilterTestPage,
});

export const databaseTestRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'database-test',
  component: DatabaseTestPage,
});

export const publicRoutes = [
  homeRoute,
  contentSummaryRoute,
  dailyPodcastRoute,
  pricingRoute,
  blogRoute,
  blogPostRoute,
  unsubscribeRoute,
  newsletterConfirmRoute,
  topicRoute,
  youtubeSourceRoute,
  otherYoutubeSourcesRoute,
  authTestRoute,
  dataTestRoute,
  simpleTestRoute,
  languageFilterTestRoute,
  databaseTestRoute,
] as const;
