import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validateContentSummarySearch } from '../features/content/summary-page/search-params';
import { validateTopicSearch } from '../features/content/topics/topic-search';
import { validateUnsubscribeSearch } from '../features/unsubscribe/unsubscribe-search';
import { appLayoutRoute } from './app-layout';
import { preloading } from './lazy-page';
import { dailyPodcastRoute } from './podcast';
import { loadScreen, loadStrings } from './route-loader';
import { blogListData, blogPostData, topicData } from './screen-data';

// Public screens (spec §2 route map). Each page is its own chunk, fetched when its route is matched,
// with its strings and the data it draws first (loadScreen): a visitor downloads only the screens
// they open.
const BlogListPage = lazyRouteComponent(() => import('../features/blog/blog-list-page'), 'BlogListPage');
const BlogPostPage = lazyRouteComponent(() => import('../features/blog/blog-post-page'), 'BlogPostPage');
const ContentSummaryPage = lazyRouteComponent(
  () => import('../features/content/summary-page/content-summary-page'),
  'ContentSummaryPage',
);
const TopicPage = lazyRouteComponent(() => import('../features/content/topics/topic-page'), 'TopicPage');
const StoryPage = lazyRouteComponent(() => import('../features/content/story/story-page'), 'StoryPage');
const OtherYoutubeSourcesPage = lazyRouteComponent(
  () => import('../features/content/youtube/other-youtube-sources-page'),
  'OtherYoutubeSourcesPage',
);
const YoutubeSourcePage = lazyRouteComponent(
  () => import('../features/content/youtube/youtube-source-page'),
  'YoutubeSourcePage',
);
const debugPages = () => import('../features/content/debug/debug-pages');
const AuthTestPage = lazyRouteComponent(debugPages, 'AuthTestPage');
const DatabaseTestPage = lazyRouteComponent(debugPages, 'DatabaseTestPage');
const DataTestPage = lazyRouteComponent(debugPages, 'DataTestPage');
const LanguageFilterTestPage = lazyRouteComponent(debugPages, 'LanguageFilterTestPage');
const SimpleTestPage = lazyRouteComponent(debugPages, 'SimpleTestPage');
const HomePage = lazyRouteComponent(() => import('../features/home/home-page'), 'HomePage');
const NewsletterConfirmPage = lazyRouteComponent(
  () => import('../features/newsletter/confirm-page'),
  'NewsletterConfirmPage',
);
const UnsubscribePage = lazyRouteComponent(
  () => import('../features/unsubscribe/unsubscribe-page'),
  'UnsubscribePage',
);
const PricingPage = lazyRouteComponent(() => import('../features/pricing/pricing-page'), 'PricingPage');

export const homeRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/',
  loader: loadStrings('content', 'newsletter'),
  component: HomePage,
});

/** Open to visitors (spec 2 §6); the gateway keeps visitors and free users to two days. */
export const contentSummaryRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'content-summary',
  validateSearch: validateContentSummarySearch,
  loader: loadStrings('content', 'reading'),
  component: ContentSummaryPage,
});

export const pricingRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'pricing',
  loader: loadStrings('billing'),
  component: PricingPage,
});

export const blogRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'blog',
  loader: loadScreen(['blog'], blogListData),
  component: BlogListPage,
});

export const blogPostRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'blog/$slug',
  loader: loadScreen(['blog'], blogPostData),
  component: preloading(function BlogPostRouteComponent() {
    const { slug } = blogPostRoute.useParams();
    return <BlogPostPage key={slug} slug={slug} />;
  }, BlogPostPage),
});

export const unsubscribeRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'unsubscribe',
  validateSearch: validateUnsubscribeSearch,
  loader: loadStrings('unsubscribe', 'newsletter'),
  component: preloading(function UnsubscribeRouteComponent() {
    return <UnsubscribePage search={unsubscribeRoute.useSearch()} />;
  }, UnsubscribePage),
});

/** The link in the double opt-in email; the page confirms with a POST (a fetched link changes nothing). */
export const newsletterConfirmRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'newsletter/confirm',
  loader: loadStrings('newsletter'),
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: typeof search.token === 'string' && search.token.trim() ? search.token.trim() : undefined,
  }),
  component: preloading(function NewsletterConfirmRouteComponent() {
    const { token } = newsletterConfirmRoute.useSearch();
    return <NewsletterConfirmPage key={token} token={token} />;
  }, NewsletterConfirmPage),
});

/** A topic slug shows the landing page, a UUID the topic detail page. */
export const topicRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'topics/$id',
  validateSearch: validateTopicSearch,
  loader: loadScreen(['content', 'newsletter', 'reading'], topicData),
  component: preloading(function TopicRouteComponent() {
    const { id } = topicRoute.useParams();
    return <TopicPage id={id} />;
  }, TopicPage),
});

/** One event and its reports; open to visitors, who read the last two days' stories. */
export const storyRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'stories/$id',
  loader: loadStrings('content'),
  component: StoryPage,
});

/** The name is optional: /youtube/ without one says "Invalid source name", not the generic 404. */
export const youtubeSourceRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'youtube/{-$sourceName}',
  loader: loadStrings('content', 'reading'),
  component: preloading(function YoutubeSourceRouteComponent() {
    const { sourceName } = youtubeSourceRoute.useParams();
    return <YoutubeSourcePage sourceName={sourceName ?? ''} />;
  }, YoutubeSourcePage),
});

export const otherYoutubeSourcesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'other-youtube-sources',
  loader: loadStrings('content'),
  component: OtherYoutubeSourcesPage,
});

// Debug screens (second spec document, "Debug screens").

export const authTestRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'auth-test',
  loader: loadStrings('content'),
  component: AuthTestPage,
});

export const dataTestRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'data-test',
  loader: loadStrings('content'),
  component: DataTestPage,
});

export const simpleTestRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'simple-test',
  loader: loadStrings('content'),
  component: SimpleTestPage,
});

export const languageFilterTestRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'language-filter-test',
  loader: loadStrings('content'),
  component: LanguageFilterTestPage,
});

export const databaseTestRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: 'database-test',
  loader: loadStrings('content'),
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
  storyRoute,
  youtubeSourceRoute,
  otherYoutubeSourcesRoute,
  authTestRoute,
  dataTestRoute,
  simpleTestRoute,
  languageFilterTestRoute,
  databaseTestRoute,
] as const;
