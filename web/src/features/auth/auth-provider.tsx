import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import type { ProfileDto as Profile, RegisterResponse, UserDto as AuthUser } from '@app/contracts';
import type { Language } from '../../i18n/language';
import { profileQueryOptions } from '../../queries/profile';
import type { AuthStore } from './auth-store';
import { showToast } from '../ui/toast';
import { deriveRoleFlags } from './roles';
import type { ClientSession } from './session';

export type AuthContextValue = {
  user: AuthUser | null;
  /** Access token and its expiry; the refresh token never leaves its httpOnly cookie. */
  session: ClientSession | null;
  profile: Profile | null;
  /** True until the boot session check is over. */
  loading: boolean;
  /** True while a signed-in user's profile is being fetched. */
  profileLoading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
  isPro: boolean;
  isFree: boolean;
  signIn: (email: string, password: string) => Promise<ClientSession>;
  signUp: (email: string, password: string, language: Language) => Promise<RegisterResponse>;
  signOut: () => Promise<void>;
  /** Posts the token of an emailed verification link and the chosen password; signs the user in. */
  verifyEmail: (token: string, password: string) => Promise<ClientSession>;
  /** Ends every session of the account (this one too); throws when the server could not. */
  signOutEverywhere: (leave?: () => Promise<unknown>) => Promise<void>;
  updateProfile: (displayName: string | null) => Promise<Profile>;
  /** POST /api/auth/refresh now; null when there is no session. */
  refreshSession: () => Promise<ClientSession | null>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ store, children }: { store: AuthStore; children: ReactNode }) {
  const { t } = useLingui();
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const user = snapshot.session?.user ?? null;
  const profileQuery = useQuery({ ...profileQueryOptions(user?.id ?? ''), enabled: user !== null });
  const profile = user ? (profileQuery.data ?? null) : null;

  const signOut = useCallback(async () => {
    await store.signOut();
    showToast({
      title: t({ id: 'shared.nav.logoutSuccess', message: 'Signed out' }),
      message: t({
        id: 'shared.nav.logoutSuccessDescription',
        message: 'You have been signed out successfully.',
      }),
      color: 'teal',
    });
  }, [store, t]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      session: snapshot.session,
      profile,
      loading: snapshot.status === 'loading',
      profileLoading: user !== null && profileQuery.isLoading,
      isAuthenticated: snapshot.status === 'authenticated',
      ...deriveRoleFlags(profile),
      signIn: (email, password) => store.signIn(email, password),
      signUp: (email, password, language) => store.signUp(email, password, language),
      signOut,
      verifyEmail: (token, password) => store.verifyEmail(token, password),
      signOutEverywhere: (leave) => store.signOutEverywhere(leave),
      updateProfile: (displayName) => store.updateProfile(displayName),
      refreshSession: () => store.refresh(),
    }),
    [user, snapshot, profile, profileQuery.isLoading, store, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
