import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconBrandYoutube } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/language-provider';
import { youtubeSummariesQueryOptions } from '../../../queries/content';
import { useAuth } from '../../auth/auth-provider';
import { AnchorLink } from '../../ui/router-links';
import { useDocumentTitle } from '../../ui/use-document-title';
import { usePageMeta } from '../page-meta';
import { SummaryCard } from '../summary-card';
import { UpgradeDialogProvider } from '../upgrade-dialog';
import { useFavorites } from '../use-favorites';
import { readStoredTimeZone } from '../use-time-zone';
import { errorText } from '../../../api/error-text';

export function YoutubeSourcePage({ sourceName }: { sourceName: string }) {
  return (
    <UpgradeDialogProvider>
      <YoutubeSource sourceName={sourceName.trim()} />
    </UpgradeDialogProvider>
  );
}

function YoutubeSource({ sourceName }: { sourceName: string }) {
  const { t } = useTranslation('content');
  const { language } = useLanguage();
  const { user, isPro } = useAuth();
  const router = useRouter();
  const timeZone = readStoredTimeZone();
  const favorites = useFavorites();
  const [expanded, setExpanded] = useState<string | null>(null);
  const query = useQuery({
    ...youtubeSummariesQueryOptions(sourceName, language, timeZone, `${user?.id ?? 'visitor'}:${isPro}`),
    enabled: sourceName.length > 0,
  });
  useDocumentTitle(sourceName || undefined);
  usePageMeta(
    {
      description: t('seo.youtubeDescription', { name: sourceName }),
      structuredData: { '@context': 'https://schema.org', '@type': 'CollectionPage', name: sourceName },
    },
    sourceName,
  );

  if (!sourceName) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red">{t('youtube.invalidSource')}</Alert>
      </Container>
    );
  }
  if (query.isLoading) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (query.isError) {
    const notFound = (query.error as { status?: number }).status === 404;
    return (
      <Container size="sm" py="xl">
        <Stack align="flex-start">
          <Alert color="red" data-testid="youtube-error" w="100%">
            {notFound ? t('youtube.notFound') : errorText(t, query.error)}
          </Alert>
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => router.history.back()}
          >
            {t('youtube.goBack')}
          </Button>
        </Stack>
      </Container>
    );
  }
  const { source, limited, data } = query.data!;
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Stack gap="xs">
          <Title order={1} fz={{ base: 26, sm: 34 }} data-testid="youtube-title">
            {source.source_name}
          </Title>
          <Group gap="xs">
            <Badge color="red" leftSection={<IconBrandYoutube size={12} />}>
              YouTube
            </Badge>
            <Badge variant="light">{(language === 'zh' && source.topic.name_zh) || source.topic.name}</Badge>
            <Badge variant="outline">{t('youtube.summaries', { count: data.length })}</Badge>
          </Group>
        </Stack>
        {limited ? (
          <Alert color="yellow" data-testid="youtube-limited">
            {t('youtube.limited')}{' '}
            <AnchorLink to="/pricing" fw={600}>
              {t('youtube.upgrade')}
            </AnchorLink>
          </Alert>
        ) : null}
        {data.length === 0 ? (
          <Text c="dimmed">{t('youtube.empty')}</Text>
        ) : (
          data.map((summary) => (
            <SummaryCard
              key={summary.id}
              summary={summary}
              expanded={expanded === summary.id}
              onToggle={() => setExpanded((e) => (e === summary.id ? null : summary.id))}
              language={language}
              timeZone={timeZone}
              isSourceFavorite={favorites.sourceIds.has(source.id)}
              isSummaryFavorite={favorites.summaryIds.has(summary.id)}
              onFavorite={(kind, id, on) => favorites.toggle(kind, id, on)}
            />
          ))
        )}
        {/* Only a web link becomes a link: the stored value is whatever an admin typed. */}
        <Anchor
          href={/^https?:\/\//i.test(source.source_url) ? source.source_url : undefined}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
        >
          {source.source_url}
        </Anchor>
      </Stack>
    </Container>
  );
}
