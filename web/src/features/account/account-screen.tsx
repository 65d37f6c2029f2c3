import { useLingui } from '@lingui/react/macro';
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Logo } from '../layout/logo';
import { AnchorLink } from '../ui/router-links';

/**
 * The frame of the standalone account screens (/auth, /auth/reset, /auth/verify): the logo, a card
 * with the title, and a link back (to sign-in, unless the screen names another).
 */
export function AccountScreen({
  title,
  subtitle,
  back,
  logoTestId,
  children,
}: {
  title: string;
  subtitle?: string;
  back?: { to: '/'; label: string };
  logoTestId?: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Box
      component="main"
      mih="100dvh"
      py="xl"
      px="md"
      style={{
        background: 'linear-gradient(135deg, var(--mantine-color-brand-0), var(--mantine-color-violet-0))',
      }}
    >
      <Center mih="calc(100dvh - 2 * var(--mantine-spacing-xl))">
        <Stack w="100%" maw={420} gap="md">
          <Center>
            <Logo testId={logoTestId} />
          </Center>
          <Paper p={{ base: 'md', xs: 'xl' }} radius="lg" shadow="md" withBorder>
            <Stack gap="md">
              <Stack gap={4} ta="center">
                <Title order={1} fz={24}>
                  {title}
                </Title>
                {subtitle ? (
                  <Text c="gray.7" fz="sm">
                    {subtitle}
                  </Text>
                ) : null}
              </Stack>
              {children}
            </Stack>
          </Paper>
          <Center>
            <AnchorLink to={back?.to ?? '/auth'} fz="sm" c="gray.8">
              <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
              {back?.label ?? t({ id: 'account.backToSignIn', message: 'Back to sign in' })}
            </AnchorLink>
          </Center>
        </Stack>
      </Center>
    </Box>
  );
}
