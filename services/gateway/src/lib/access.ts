/**
 * Who may call an /api route, declared beside the route itself (`config: { access }` in its options).
 * The auth plugin reads it when the route is registered (an /api route without one stops the app at
 * boot) and enforces it on every request that matched the route; the tests enumerate the registered
 * routes (`app.routeAccess`), so a new route joins the 401/403 matrix by being registered.
 *
 * public: anyone · user: signed in · pro: pro plan or admin · admin: admin role
 */
export const ACCESS_LEVELS = ['public', 'user', 'pro', 'admin'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
/** The methods the API answers (HEAD follows GET). */
export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** One registered /api route and its level. */
export type RouteAccess = {
  method: (typeof API_METHODS)[number];
  url: string;
  access: AccessLevel;
};
