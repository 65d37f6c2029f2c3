import { Button, Container, Stack, Text, Title } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** The router's default error screen: a loader or component threw. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  console.error(error);
  return (
    <Container size="sm" py={96}>
      <Stack align="center" ta="center" gap="md" role="alert">
        <Title order={1} fz={28}>
          {t('errorPage.title')}
        </Title>
        <Text c="dimmed">{t('errorPage.description')}</Text>
        <Button onClick={reset}>{t('common.retry')}</Button>
      </Stack>
    </Container>
  );
}
