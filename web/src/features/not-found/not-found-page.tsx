import { Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react';
import { ButtonLink } from '../ui/router-links';
import { useDocumentTitle } from '../ui/use-document-title';

/** Any unknown path. Records the missing path for debugging (spec §2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));

  useEffect(() => {
    console.warn('404 Error: User attempted to access non-existent route:', window.location.pathname);
  }, []);

  return (
    <Container size="sm" py={96}>
      <Stack align="center" ta="center" gap="md" data-testid="not-found">
        <Title order={1} fz={72} c="brand.6">
          {t('notFound.code')}
        </Title>
        <Text fz="xl">{t('notFound.title')}</Text>
        <ButtonLink to="/" variant="light">
          {t('notFound.returnHome')}
        </ButtonLink>
      </Stack>
    </Container>
  );
}
