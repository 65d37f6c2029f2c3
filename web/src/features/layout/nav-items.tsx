import { useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLogout, IconUser } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useAuth } from '../auth/auth-provider';
import { canSeeContentHistory } from '../auth/roles';
import { useDeferredComponent } from '../ui/deferred';
import { ButtonLink } from '../ui/router-links';
import { AccountButton, AccountIndicator, AdminBadge } from './account-parts';
import { LanguageMenu } from './language-menu';
import classes from './layout.module.css';

type Layout = 'bar' | 'sheet';

type Props = {
  layout: Layout;
  /** Called after any item is used (closes the side sheet). */
  onNavigate?: () => void;
};

/** The page links of the navigation bar, by role (spec §2 "Navigation bar"). */
export function NavLinks({ layout, onNavigate }: Props) {
  const { t } = useLingui();
  const auth = useAuth();
  const common = {
    variant: 'subtle',
    color: 'gray',
    onClick: onNavigate,
    fullWidth: layout === 'sheet',
    justify: layout === 'sheet' ? 'flex-start' : undefined,
    px: layout === 'bar' ? 6 : undefined,
    activeProps: { 'data-active': true, style: { color: 'var(--mantine-color-brand-text)' } },
  } as const;
  const Container = layout === 'bar' ? Group : Stack;

  return (
    <Container
      gap={layout === 'bar' ? 2 : 4}
      wrap="nowrap"
      className={layout === 'bar' ? classes.fixed : undefined}
    >
      {auth.isAuthenticated ? (
        <>
          <ButtonLink to="/content-summary" {...common}>
            {t({ id: 'shared.nav.dailySummary', message: 'Daily Summary' })}
          </ButtonLink>
          <ButtonLink to="/daily-podcast" {...common}>
            {t({ id: 'shared.nav.dailyPodcast', message: 'Daily Podcast' })}
          </ButtonLink>
        </>
      ) : null}
      {auth.isAuthenticated && canSeeContentHistory(auth) ? (
        <ButtonLink to="/content-history" {...common}>
          {t({ id: 'shared.nav.contentHistory', message: 'Content History' })}
        </ButtonLink>
      ) : null}
      {auth.isAdmin ? (
        <ButtonLink to="/admin" {...common}>
          {t({ id: 'shared.nav.admin', message: 'Admin' })}
        </ButtonLink>
      ) : null}
      <ButtonLink to="/pricing" {...common}>
        {t({ id: 'shared.nav.pricing', message: 'Pricing' })}
      </ButtonLink>
    </Container>
  );
}

export function useAccount(onNavigate?: () => void) {
  const auth = useAuth();
  const navigate = useNavigate();
  const logout = async () => {
    onNavigate?.();
    // Leave any signed-in-only page first, so its guard does not bounce to /auth.
    await navigate({ to: '/' });
    await auth.signOut();
  };
  const name = auth.profile?.display_name || auth.user?.email || '';
  return { auth, logout, name };
}

const loadAccountMenu = () => import('./account-menu').then((module) => module.AccountMenu);

/**
 * Tablet widths: profile and logout fold into one menu so the bar fits from 768 px. The menu's code is
 * fetched when it is first used.
 */
function DeferredAccountMenu() {
  const { Component: Menu, preload, show } = useDeferredComponent(loadAccountMenu);
  const { auth, name } = useAccount();
  if (Menu) return <Menu openOnMount />;
  return (
    <AccountIndicator isAdmin={auth.isAdmin}>
      <AccountButton
        name={name}
        aria-haspopup="menu"
        aria-expanded={false}
        onClick={show}
        onPointerEnter={preload}
        onFocus={preload}
      />
    </AccountIndicator>
  );
}

/** Language menu plus login, or profile link and logout. */
export function NavAccount({ layout, onNavigate }: Props) {
  const { t } = useLingui();
  const { auth, logout, name } = useAccount(onNavigate);
  const sheet = layout === 'sheet';
  const Container = sheet ? Stack : Group;
  // Render one variant only (not CSS-hidden twins), so test ids and names stay unique.
  const isWide = useMediaQuery('(min-width: 75em)', true, { getInitialValueInEffect: false });

  const account = (
    <>
      {/* The name gives way first: it shrinks behind an ellipsis (full name in the tooltip), the rest keeps its size. */}
      <ButtonLink
        to="/profile"
        variant="light"
        onClick={onNavigate}
        fullWidth={sheet}
        justify={sheet ? 'flex-start' : undefined}
        leftSection={<IconUser size={16} aria-hidden />}
        data-testid="nav-profile"
        title={name}
        classNames={{ root: classes.profile, inner: classes.shrinks, label: classes.shrinks }}
      >
        <Text span inherit truncate="end" className={classes.name}>
          {name}
        </Text>
        {auth.isAdmin ? <AdminBadge /> : null}
      </ButtonLink>
      <Button
        variant="default"
        onClick={logout}
        fullWidth={sheet}
        leftSection={<IconLogout size={16} aria-hidden />}
        className={classes.fixed}
      >
        {t({ id: 'shared.nav.logout', message: 'Logout' })}
      </Button>
    </>
  );

  return (
    <Container gap="xs" wrap="nowrap" className={classes.shrinks}>
      <LanguageMenu fullWidth={sheet} compact={!sheet} />
      {auth.isAuthenticated ? (
        sheet || isWide ? (
          account
        ) : (
          <DeferredAccountMenu />
        )
      ) : auth.loading ? null : (
        <ButtonLink to="/auth" onClick={onNavigate} fullWidth={sheet} className={classes.fixed}>
          {t({ id: 'shared.nav.login', message: 'Login' })}
        </ButtonLink>
      )}
    </Container>
  );
}
