// No schema here: the web app's entry reads this list (the /auth route's search), and a module with a
// zod schema would bring zod into it.

/** The error a failed Google sign-in leaves on /auth (?error=…): the page shows its toast, then drops it. */
export const GOOGLE_SIGN_IN_ERRORS = ['google_unavailable', 'google_failed'] as const;
export type GoogleSignInErrorCode = (typeof GOOGLE_SIGN_IN_ERRORS)[number];
