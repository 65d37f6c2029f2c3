import { ActionIcon, Badge, Button, Group, Indicator, Menu, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLogout, IconUser, IconUserCircle } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../auth/auth-provider';
import { canSeeContentHistory } from '../auth/roles';
import { ButtonLink } from '../ui/router-links';
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
  const { t } = useTranslation();
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
            {t('nav.dailySummary')}
          </ButtonLink>
          <ButtonLink to="/daily-podcast" {...common}>
            {t('nav.dailyPodcast')}
          </ButtonLink>
        </>
      ) : null}
      {auth.isAuthenticated && canSeeContentHistory(auth) ? (
        <ButtonLink to="/content-history" {...common}>
          {t('nav.contentHistory')}
        </ButtonLink>
      ) : null}
      {auth.isAdmin ? (
        <ButtonLink to="/admin" {...common}>
          {t('nav.admin')}
        </ButtonLink>
      ) : null}
      <ButtonLink to="/pricing" {...common}>
        {t('nav.pricing')}
      </ButtonLink>
    </Container>
  );
}

function useAccount(onNavigate?: () => void) {
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

function AdminBadge() {
  const { t } = useTranslation();
  return (
    <Badge ml={6} size="xs" color="red" variant="filled" data-testid="admin-badge" className={classes.fixed}>
      {t('nav.adminBadge')}
    </Badge>
  );
}

/** Tablet widths: profile and logout fold into one menu so the bar fits from 768 px. */
function AccountMenu() {
  const { t } = useTranslation();
  const { auth, logout, name } = useAccount();
  return (
    // The indicator wraps the menu, not the button: the menu's ARIA attributes belong on the button.
    <Indicator
      label={t('nav.adminBadge')}
      disabled={!auth.isAdmin}
      color="red"
      size={16}
      position="bottom-center"
      fz={10}
      fw={700}
      className={auth.isAdmin ? classes.indicatorRoom : undefined}
      classNames={{ indicator: classes.indicatorLabel }}
    >
      <Menu position="bottom-end" shadow="md" width={240} zIndex={400}>
        <Menu.Target>
          <ActionIcon variant="light" size="lg" aria-label={name} title={name} data-testid="nav-account-menu">
            <IconUserCircle size={20} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            component={Link}
            to="/profile"
            leftSection={<IconUser size={16} aria-hidden />}
            title={name}
            classNames={{ itemLabel: classes.nameRow }}
          >
            <Text span inherit truncate="end" className={classes.name} data-testid="nav-profile">
              {name}
            </Text>
            {auth.isAdmin ? <AdminBadge /> : null}
          </Menu.Item>
          <Menu.Item onClick={logout} leftSection={<IconLogout size={16} aria-hidden />}>
            {t('nav.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Indicator>
  );
}

/** Language menu plus login, or profile link and logout. */
export function NavAccount({ layout, onNavigate }: Props) {
  const { t } = useTranslation();
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
        {t('nav.logout')}
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
          <AccountMenu />
        )
      ) : auth.loading ? null : (
        <ButtonLink to="/auth" onClick={onNavigate} fullWidth={sheet} className={classes.fixed}>
          {t('nav.login')}
        </ButtonLink>
      )}
    </Container>
  );
}
