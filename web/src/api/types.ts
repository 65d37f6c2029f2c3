// Shapes of the gateway's auth API as the web app uses them.
// TODO: import these from @app/contracts once that package exports the auth schemas.

export type Role = 'user' | 'admin';
export type SubscriptionType = 'free' | 'pro';

export type Profile = {
  id: string;
  role: Role;
  subscription_type: SubscriptionType;
  display_name: string | null;
};

export type AuthUser = {
  id: string;
  email: string;
  email_verified: boolean;
  created_at: string;
  last_login_at: string | null;
  avatar_url: string | null;
};

/** Body of POST /api/auth/login and POST /api/auth/refresh. */
export type SessionResponse = {
  access_token: string;
  /** Seconds until the access token expires. */
  expires_in: number;
  user: AuthUser;
  profile: Profile;
};

/** Body of GET /api/me and PATCH /api/me. */
export type MeResponse = { user: AuthUser; profile: Profile };

/** Body of POST /api/auth/register (201). */
export type RegisterResponse = { success: true; message: string };

export type ApiErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> };
};
