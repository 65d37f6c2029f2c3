import { useLingui } from '@lingui/react/macro';
import { Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { ButtonLink } from '../ui/router-links';
import { useDocumentTitle } from '../ui/use-document-title';

/** Any unknown path. Records the missing path for debugging (spec §2). */
export function NotFoundPage() {
  const { t } = useLingui();
  useDocumentTitle(t({ id: 'shared.notFound.title', message: 'Oops! Page not found' }));

  useEffect(() => {
    console.warn('404 Error: User attempted to access non-existent route:', window.location.pathname);
  }, []);

  return (
    <Container size="sm" py={96}>
      <Stack align="center" ta="center" gap="md" data-testid="not-found">
        <Title order={1} fz={72} c="brand.6">
          {t({ id: 'shared.notFound.code', message: '404' })}
        </Title>
        <Text fz="xl">{t({ id: 'shared.notFound.title', message: 'Oops! Page not found' })}</Text>
        <ButtonLink to="/" variant="light">
          {t({ id: 'shared.notFound.returnHome', message: 'Return to Home' })}
        </ButtonLink>
      </Stack>
    </Container>
  );
}
