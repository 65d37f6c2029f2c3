import { useLingui } from '@lingui/react/macro';
import { localName } from '@app/rules';
import { Alert, Badge, Card, Center, Container, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '../../../i18n/language-provider';
import { youtubeSourcesQueryOptions } from '../../../queries/content';
import { ButtonLink } from '../../ui/router-links';
import { useDocumentTitle } from '../../ui/use-document-title';
import { errorText } from '../../../api/error-text';

export function OtherYoutubeSourcesPage() {
  const { t } = useLingui();
  const { language } = useLanguage();
  const sources = useQuery(youtubeSourcesQueryOptions(language));
  useDocumentTitle(t({ id: 'content.youtube.allTitle', message: 'YouTube channels' }));
  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          {t({ id: 'content.youtube.allTitle', message: 'YouTube channels' })}
        </Title>
        <Text c="dimmed">
          {t({ id: 'content.youtube.allSubtitle', message: 'Every channel we follow, with its summaries.' })}
        </Text>
        {sources.isLoading ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : sources.isError ? (
          <Alert color="red">{errorText(t, sources.error)}</Alert>
        ) : (sources.data ?? []).length === 0 ? (
          <Text c="dimmed">{t({ id: 'content.youtube.emptyAll', message: 'No YouTube channels yet' })}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} data-testid="youtube-grid">
            {sources.data!.map((source) => (
              <Card key={source.id} withBorder radius="md" data-testid="youtube-card">
                <Stack gap="xs">
                  <Text fw={600}>{source.source_name}</Text>
                  <Badge variant="light" w="fit-content">
                    {localName(source.topic, language)}
                  </Badge>
                  <ButtonLink
                    to="/youtube/{-$sourceName}"
                    params={{ sourceName: source.source_name }}
                    variant="light"
                    size="xs"
                    w="fit-content"
                  >
                    {t({ id: 'content.youtube.view', message: 'View' })}
                  </ButtonLink>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
