import { isTopicSlug } from '../config/site';
import { topicQueryOptions } from '../queries/content';
import type { ScreenData } from './route-loader';
import { isUuid } from '../config/ids';

// The data a screen draws first, started by its route's loader (see loadScreen): the same query options
// the screen's components use, so they find the answer in flight or in the cache. The content queries
// are part of the app's shell already; the blog's are imported when a blog screen is started. (A screen
// whose query needs the reader's stored time zone, the story page, starts its own: the zone's module
// comes with the content pages' common code, which the shell does not carry.)

const blogQueries = () => import('../features/blog/blog-queries');

/** The blog's first page as it opens: every category, newest first, no search (BlogListPage). */
export const blogListData: ScreenData = async ({ language, queryClient }) => {
  const { blogListQueryOptions } = await blogQueries();
  return [queryClient.ensureInfiniteQueryData(blogListQueryOptions({ language, sort: 'newest' }))];
};

/** One post with its related posts (BlogPostPage). */
export const blogPostData: ScreenData = async ({ params, language, queryClient }) => {
  if (!params.slug) return [];
  const { blogPostQueryOptions } = await blogQueries();
  return [queryClient.ensureQueryData(blogPostQueryOptions(params.slug, language))];
};

/** A topic by slug or id (TopicPage); anything else is no topic and asks for nothing. */
export const topicData: ScreenData = ({ params, queryClient }) =>
  params.id && (isTopicSlug(params.id) || isUuid(params.id))
    ? [queryClient.ensureQueryData(topicQueryOptions(params.id))]
    : [];
