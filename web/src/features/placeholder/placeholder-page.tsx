import { Badge, Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../ui/use-document-title';

type Props = {
  /** Key under `pages.*` for the title. */
  titleKey: Extract<ParseKeys, `pages.${string}`>;
  /** A route parameter worth showing (slug, id, source name). */
  detail?: string;
};

/** Stand-in for a screen whose feature is not built yet. */
export function PlaceholderPage({ titleKey, detail }: Props) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <Container size="md" py="xl">
      <Paper p="xl" radius="lg" withBorder>
        <Stack gap="sm">
          <Badge variant="light" w="fit-content">
            {t('common.comingSoon')}
          </Badge>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {title}
          </Title>
          {detail ? (
            <Text fw={600} data-testid="placeholder-detail" style={{ wordBreak: 'break-word' }}>
              {detail}
            </Text>
          ) : null}
          <Text c="dimmed">{t('placeholder.comingSoon')}</Text>
        </Stack>
      </Paper>
    </Container>
  );
}
