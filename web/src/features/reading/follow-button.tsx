import { useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { FollowTarget } from '../../queries/reading';
import { useAuth } from '../auth/auth-provider';
import { rememberFollow } from './pending-follow';

// What a signed-in reader follows (its query, the toggle, its icons) is fetched for them only: a
// visitor's page carries this plain button, which sends them to sign in. The topic pages are within a
// few bytes of their budget (e2e/js-budget.test.ts).
const FollowToggle = lazy(() => import('./follow-toggle').then((m) => ({ default: m.FollowToggle })));

export type FollowButtonProps = {
  target: FollowTarget;
  /** On a coloured banner: a white button. */
  onBanner?: boolean;
};

/**
 * Follow a topic or a source (My feed lists what is followed). A visitor is sent to sign in and
 * comes back to this page, where the follow is then made.
 */
export function FollowButton({ target, onBanner }: FollowButtonProps) {
  const { t } = useLingui();
  const { isAuthenticated, loading } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const look = { variant: onBanner ? 'white' : 'default', size: onBanner ? 'md' : 'sm' } as const;
  if (isAuthenticated) {
    return (
      <Suspense
        fallback={
          <Button {...look} loading>
            {t({ id: 'reading.follow.follow', message: 'Follow' })}
          </Button>
        }
      >
        <FollowToggle target={target} onBanner={onBanner} />
      </Suspense>
    );
  }
  return (
    <Button
      {...look}
      disabled={loading}
      onClick={() => {
        rememberFollow(target);
        void navigate({ to: '/auth', search: { redirect: location.href } });
      }}
      data-testid="follow-button"
    >
      {t({ id: 'reading.follow.follow', message: 'Follow' })}
    </Button>
  );
}
