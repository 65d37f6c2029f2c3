import { Alert, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { ButtonLink } from '../ui/router-links';

const ROLE_LABELS = { admin: '管理员 (admin)', user: '普通用户 (user)' } as const;

type Props = {
  /** Shown as "当前用户". */
  userLabel: string;
  /** The role the page needs. */
  requiredRole: keyof typeof ROLE_LABELS;
  /** Admin pages also offer a way back to the user's dashboard. */
  showDashboardLink?: boolean;
};

/**
 * Shown to a signed-in user who lacks the role for a page. Written in Chinese by the spec
 * (spec §2 "Access-denied screen"), so it does not go through i18n.
 */
export function AccessDeniedPage({ userLabel, requiredRole, showDashboardLink = true }: Props) {
  useEffect(() => {
    document.title = '访问被拒绝';
  }, []);

  return (
    <Container size="sm" py={64} lang="zh-CN">
      <Paper p={{ base: 'lg', sm: 'xl' }} radius="lg" withBorder data-testid="access-denied">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" color="red" variant="light">
            <IconLock size={32} aria-hidden />
          </ThemeIcon>
          <Title order={1} fz={28}>
            访问被拒绝
          </Title>
          <Text c="dimmed">您没有权限访问此页面。</Text>
          <Alert color="red" variant="light" w="100%" ta="left">
            <Stack gap={4}>
              <Text fz="sm" style={{ wordBreak: 'break-all' }}>
                当前用户：<strong>{userLabel}</strong>
              </Text>
              <Text fz="sm">
                所需权限：<strong>{ROLE_LABELS[requiredRole]}</strong>
              </Text>
            </Stack>
          </Alert>
          <Group justify="center">
            <ButtonLink to="/">返回首页</ButtonLink>
            {showDashboardLink ? (
              <ButtonLink to="/content-summary" variant="default">
                前往控制台
              </ButtonLink>
            ) : null}
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
