import { useLingui } from '@lingui/react/macro';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';

/**
 * The router's default error screen: a loader or component threw, or a route's code or strings could
 * not be fetched. Try again runs the route's loading again (invalidate) as well as drawing it again.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useLingui();
  const router = useRouter();
  console.error(error);
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <Container size="sm" py={96}>
      <Stack align="center" ta="center" gap="md" role="alert">
        <Title order={1} fz={28}>
          {t({ id: 'shared.errorPage.title', message: 'Something went wrong' })}
        </Title>
        <Text c="dimmed">
          {t({
            id: 'shared.errorPage.description',
            message: 'An unexpected error occurred. Please try again later.',
          })}
        </Text>
        <Button onClick={retry}>{t({ id: 'shared.common.retry', message: 'Try again' })}</Button>
      </Stack>
    </Container>
  );
}
