/**
 * Every /api route and who may call it: the one table the auth hook enforces and the tests iterate
 * (each non-public row joins the 401/403 matrix). A route missing here stops the app at boot.
 *
 * public: anyone · user: signed in · pro: pro plan or admin · admin: admin role
 */
export type AccessLevel = 'public' | 'user' | 'pro' | 'admin';
/** The methods the API answers (HEAD follows GET). */
export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type RouteAccess = {
  method: (typeof API_METHODS)[number];
  url: string;
  access: AccessLevel;
};

export const ROUTE_ACCESS: readonly RouteAccess[] = [
  { method: 'POST', url: '/api/auth/register', access: 'public' },
  { method: 'POST', url: '/api/auth/login', access: 'public' },
  { method: 'POST', url: '/api/auth/refresh', access: 'public' },
  { method: 'POST', url: '/api/auth/logout', access: 'public' },
  // Old emailed links: only a redirect to the web page /auth/verify, which posts the token.
  { method: 'GET', url: '/api/auth/verify', access: 'public' },
  // Accounts: the emailed token is the credential of verify and reset-confirm; change password and
  // sign-out-everywhere need the access token.
  { method: 'POST', url: '/api/auth/verify', access: 'public' },
  { method: 'POST', url: '/api/auth/verify/resend', access: 'public' },
  { method: 'POST', url: '/api/auth/password-reset', access: 'public' },
  { method: 'POST', url: '/api/auth/password-reset/confirm', access: 'public' },
  { method: 'POST', url: '/api/auth/password', access: 'user' },
  { method: 'POST', url: '/api/auth/logout-all', access: 'user' },
  { method: 'GET', url: '/api/auth/google/start', access: 'public' },
  { method: 'GET', url: '/api/auth/google/callback', access: 'public' },
  // What this install offers (Google sign-in configured or not): the same answer for everyone.
  { method: 'GET', url: '/api/config', access: 'public' },
  { method: 'GET', url: '/api/me', access: 'user' },
  { method: 'PATCH', url: '/api/me', access: 'user' },
  // The private favourites feed's token: favourites are a Pro feature.
  { method: 'GET', url: '/api/me/feed-token', access: 'pro' },
  { method: 'POST', url: '/api/me/feed-token', access: 'pro' },
  { method: 'DELETE', url: '/api/me/feed-token', access: 'pro' },
  { method: 'GET', url: '/api/pro/ping', access: 'pro' },
  { method: 'GET', url: '/api/admin/ping', access: 'admin' },
  // Reading experience (issue 4): the plan's two-day window is applied inside the routes.
  { method: 'GET', url: '/api/topics', access: 'public' },
  { method: 'GET', url: '/api/topics/stats', access: 'public' },
  { method: 'GET', url: '/api/topics/:idOrSlug', access: 'public' },
  // Published items only, in the reader's window; drafts are their author's alone (see /api/generated-content).
  { method: 'GET', url: '/api/topics/:idOrSlug/generated-content', access: 'public' },
  { method: 'GET', url: '/api/topics/:idOrSlug/filter-options', access: 'public' },
  { method: 'GET', url: '/api/datasources', access: 'public' },
  { method: 'GET', url: '/api/sources/tree', access: 'public' },
  { method: 'GET', url: '/api/summaries', access: 'public' },
  { method: 'GET', url: '/api/summaries/:id', access: 'public' },
  // A story lists its summaries' headlines and sources (no summary text).
  { method: 'GET', url: '/api/stories/:id', access: 'public' },
  { method: 'GET', url: '/api/admin/stories', access: 'admin' },
  { method: 'GET', url: '/api/admin/stories/clustering', access: 'admin' },
  { method: 'POST', url: '/api/admin/stories/clustering', access: 'admin' },
  { method: 'POST', url: '/api/admin/stories/:id/split', access: 'admin' },
  { method: 'POST', url: '/api/admin/stories/:id/merge', access: 'admin' },
  { method: 'GET', url: '/api/favorites/datasources', access: 'pro' },
  { method: 'POST', url: '/api/favorites/datasources', access: 'pro' },
  { method: 'DELETE', url: '/api/favorites/datasources', access: 'pro' },
  { method: 'GET', url: '/api/favorites/summaries', access: 'pro' },
  { method: 'POST', url: '/api/favorites/summaries', access: 'pro' },
  { method: 'DELETE', url: '/api/favorites/summaries', access: 'pro' },
  { method: 'POST', url: '/api/source-submissions', access: 'user' },
  { method: 'GET', url: '/api/youtube/sources', access: 'public' },
  { method: 'GET', url: '/api/youtube/:sourceName/summaries', access: 'public' },
  // Newsletter (issue 7): the signed token in the query or body is the credential of the unsubscribe routes.
  { method: 'POST', url: '/api/newsletter/subscriptions', access: 'public' },
  { method: 'GET', url: '/api/newsletter/unsubscribe', access: 'public' },
  { method: 'POST', url: '/api/newsletter/unsubscribe', access: 'public' },
  { method: 'POST', url: '/api/newsletter/preferences', access: 'public' },
  { method: 'POST', url: '/api/newsletter/one-click', access: 'public' },
  { method: 'GET', url: '/api/newsletter/one-click', access: 'public' },
  // The provider's bounce/complaint webhook: its signature (MAIL_WEBHOOK_SECRET) is the credential.
  { method: 'POST', url: '/api/newsletter/mail-events', access: 'public' },
  // Double opt-in: the POST (the confirm page) uses the emailed token; the GET only redirects to that page.
  { method: 'POST', url: '/api/newsletter/confirm', access: 'public' },
  { method: 'GET', url: '/api/newsletter/confirm', access: 'public' },
  { method: 'GET', url: '/api/newsletter/digest', access: 'public' },
  { method: 'POST', url: '/api/admin/digest/preview', access: 'admin' },
  { method: 'POST', url: '/api/admin/digest/send', access: 'admin' },
  { method: 'GET', url: '/api/admin/digest/due', access: 'admin' },
  { method: 'POST', url: '/api/admin/digest/send-due', access: 'admin' },
  // Blog and the admin area (issue 9).
  { method: 'GET', url: '/api/blog/posts', access: 'public' },
  { method: 'GET', url: '/api/blog/posts/:slug', access: 'public' },
  { method: 'POST', url: '/api/blog/posts/:id/view', access: 'public' },
  { method: 'GET', url: '/api/admin/topics', access: 'admin' },
  { method: 'POST', url: '/api/admin/topics', access: 'admin' },
  { method: 'PATCH', url: '/api/admin/topics/:id', access: 'admin' },
  { method: 'DELETE', url: '/api/admin/topics/:id', access: 'admin' },
  { method: 'POST', url: '/api/admin/topics/batch-status', access: 'admin' },
  { method: 'GET', url: '/api/admin/datasources', access: 'admin' },
  { method: 'POST', url: '/api/admin/datasources', access: 'admin' },
  { method: 'PATCH', url: '/api/admin/datasources/:id', access: 'admin' },
  { method: 'DELETE', url: '/api/admin/datasources/:id', access: 'admin' },
  { method: 'POST', url: '/api/admin/datasources/batch-status', access: 'admin' },
  // OPML: the datasources out, a feed reader's subscriptions in.
  { method: 'GET', url: '/api/admin/opml/export', access: 'admin' },
  { method: 'POST', url: '/api/admin/opml/import', access: 'admin' },
  { method: 'GET', url: '/api/admin/submissions', access: 'admin' },
  { method: 'POST', url: '/api/admin/submissions/:id/approve', access: 'admin' },
  { method: 'POST', url: '/api/admin/submissions/:id/reject', access: 'admin' },
  { method: 'GET', url: '/api/admin/queues', access: 'admin' },
  { method: 'POST', url: '/api/admin/queues/:queue/jobs/:id/retry', access: 'admin' },
  { method: 'GET', url: '/api/admin/blog/posts', access: 'admin' },
  { method: 'POST', url: '/api/admin/blog/posts', access: 'admin' },
  { method: 'PATCH', url: '/api/admin/blog/posts/:id', access: 'admin' },
  // Social content generation (issue 5): the status poll and cancel only need the task's owner (404 for others).
  { method: 'POST', url: '/api/generation-tasks', access: 'pro' },
  { method: 'GET', url: '/api/generation-tasks', access: 'pro' },
  { method: 'GET', url: '/api/generation-tasks/:taskId', access: 'user' },
  { method: 'POST', url: '/api/generation-tasks/:taskId/retry', access: 'pro' },
  { method: 'POST', url: '/api/generation-tasks/:taskId/cancel', access: 'user' },
  { method: 'GET', url: '/api/generated-content', access: 'user' },
  // Publishing or unpublishing one's own result: private is the default, and taking it back never needs a plan.
  { method: 'PATCH', url: '/api/generated-content/:id', access: 'user' },
  { method: 'DELETE', url: '/api/generated-content/:id', access: 'user' },
  { method: 'POST', url: '/api/generate/post', access: 'pro' },
  // Billing (issue 8): the webhook is public and authenticated by Stripe's signature instead.
  { method: 'POST', url: '/api/billing/checkout', access: 'user' },
  { method: 'GET', url: '/api/billing/subscription', access: 'user' },
  { method: 'POST', url: '/api/billing/subscription', access: 'user' },
  { method: 'POST', url: '/api/billing/webhook', access: 'public' },
  // The demo checkout (BILLING_DEMO; 404 when off): a session link works only for the account that opened it.
  { method: 'GET', url: '/api/billing/demo/session', access: 'user' },
  { method: 'POST', url: '/api/billing/demo/pay', access: 'user' },
  { method: 'POST', url: '/api/billing/demo/end-period', access: 'user' },
  // Daily podcast (issue 6). The audio route checks its own signed ?token= (or a Bearer token), because
  // an <audio> element cannot send a header: see routes/api/podcasts/index.ts.
  { method: 'GET', url: '/api/podcasts', access: 'user' },
  { method: 'GET', url: '/api/podcasts/:id/transcript', access: 'user' },
  { method: 'GET', url: '/api/podcasts/:id/audio', access: 'public' },
  // The private podcast feed: podcast apps send no header, so the token in the path is the only
  // credential of the feed and of what it links (services/podcast-feed.service.ts checks it; 404 else).
  { method: 'POST', url: '/api/podcasts/feed-token', access: 'user' },
  { method: 'DELETE', url: '/api/podcasts/feed-token', access: 'user' },
  { method: 'GET', url: '/api/podcasts/artwork.png', access: 'public' },
  { method: 'GET', url: '/api/podcasts/feed/:token', access: 'public' },
  { method: 'GET', url: '/api/podcasts/feed/:token/episodes/:id/audio.mp3', access: 'public' },
  { method: 'GET', url: '/api/podcasts/feed/:token/episodes/:id/transcript.txt', access: 'public' },
  { method: 'GET', url: '/api/podcasts/feed/:token/episodes/:id/chapters.json', access: 'public' },
  // Content pipeline (issue 3): crawl tasks, clean-ups and source health.
  { method: 'POST', url: '/api/admin/crawl', access: 'admin' },
  { method: 'POST', url: '/api/admin/process-pending', access: 'admin' },
  { method: 'POST', url: '/api/admin/cleanup/data', access: 'admin' },
  { method: 'POST', url: '/api/admin/cleanup/posts', access: 'admin' },
  { method: 'GET', url: '/api/admin/source-health', access: 'admin' },
  { method: 'GET', url: '/api/admin/subscribers', access: 'admin' },
  // Admin operations: the podcast tasks, and making one now (or again after a failure).
  { method: 'GET', url: '/api/admin/podcasts', access: 'admin' },
  { method: 'POST', url: '/api/admin/podcasts/generate', access: 'admin' },
  // Model usage and cost per day, feature, provider and topic.
  { method: 'GET', url: '/api/admin/usage', access: 'admin' },
  // Every other /api path: the JSON 404 for anyone (routes/api/not-found).
  ...API_METHODS.map((method) => ({
    method,
    url: '/api/*',
    access: 'public' as const,
  })),
];

/** HEAD shares its GET route's rule (fastify adds HEAD routes by itself). */
export function findAccess(method: string, url: string): AccessLevel | undefined {
  const wanted = method === 'HEAD' ? 'GET' : method;
  return ROUTE_ACCESS.find((route) => route.method === wanted && route.url === url)?.access;
}
