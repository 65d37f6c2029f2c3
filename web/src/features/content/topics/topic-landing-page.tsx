import { useLingui } from '@lingui/react/macro';
import { ph } from '@lingui/core/macro';
import { localDescription, localName } from '@app/rules';
import type { TopicDto } from '@app/contracts';
import { Anchor, Box, Card, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconRss } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '../../../i18n/language-provider';
import { topicsQueryOptions } from '../../../queries/content';
import { AnchorLink, ButtonLink } from '../../ui/router-links';
import { useDocumentTitle } from '../../ui/use-document-title';
import { FollowButton } from '../../reading/follow-button';
import { NewsletterSignupSlot } from '../home/newsletter-signup-slot';
import { topicFeedLinks, useFeedLinks } from '../feed-links';
import { readStoredTimeZone } from '../use-time-zone';
import { todayStartIso } from '../zoned-dates';

const MAX_RELATED = 5;

// White text on both banners: every colour of their gradients keeps it above 4.5:1 (WCAG AA for body
// text), the lighter card gradients of the home page did not.
const HERO_BACKGROUND = 'linear-gradient(135deg, #4c51bf 0%, #6b46c1 100%)';
const CTA_BACKGROUND = 'linear-gradient(135deg, #0b7285 0%, #1864ab 100%)';

/** Four static tiles per slug (approximate values, spec §2 "Landing page"). */
const STATS: Record<string, [string, string, string]> = {
  'ai-agents-apps': ['50+', '300+', '6'],
  engineering: ['40+', '250+', '5'],
  'indie-hackers-side-hustle': ['30+', '150+', '5'],
  'product-management': ['25+', '100+', '4'],
  'startup-vc': ['30+', '120+', '5'],
};

export function TopicLandingPage({ topic }: { topic: TopicDto }) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const timeZone = readStoredTimeZone();
  const name = localName(topic, language);
  const description = localDescription(topic, language);
  const topics = useQuery(topicsQueryOptions());
  const related = (topics.data ?? []).filter((other) => other.id !== topic.id).slice(0, MAX_RELATED);
  const viewSearch = { topic: topic.id, date: todayStartIso(timeZone), timezone: timeZone };
  const [sources, summaries, platforms] = STATS[topic.slug] ?? ['20+', '100+', '4'];
  const followTarget = {
    kind: 'topic',
    id: topic.id,
    name: topic.name,
    name_zh: topic.name_zh,
    slug: topic.slug,
  } as const;
  useDocumentTitle(name);
  const feeds = topicFeedLinks(topic.slug, name, language);
  useFeedLinks(feeds);

  return (
    <>
      <Box
        py={{ base: 48, sm: 80 }}
        style={{ background: HERO_BACKGROUND, color: 'white' }}
        data-testid="landing-hero"
      >
        <Container size="md">
          <Stack align="center" ta="center" gap="md">
            <Title order={1} fz={{ base: 30, sm: 44 }} data-testid="landing-title">
              {name}
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} maw={640}>
              {t({
                id: 'content.topic.heroSubtitle',
                message: `AI summaries of the best ${ph({ topic: name })} content from blogs, YouTube, podcasts and communities.`,
              })}
            </Text>
            <Group justify="center" gap="sm">
              <ButtonLink
                to="/content-summary"
                search={viewSearch}
                size="md"
                variant="white"
                rightSection={<IconArrowRight size={18} aria-hidden />}
                data-testid="view-content"
              >
                {t({ id: 'content.topic.viewContent', message: 'View Content' })}
              </ButtonLink>
              <FollowButton target={followTarget} onBanner />
              <Anchor
                href={feeds[0]!.href}
                c="white"
                fz="sm"
                underline="always"
                aria-label={t({ id: 'content.topic.rssLabel', message: `RSS feed of ${name}` })}
                data-testid="topic-rss"
              >
                <Group gap={4} wrap="nowrap">
                  <IconRss size={16} aria-hidden />
                  {t({ id: 'content.topic.rss', message: 'RSS' })}
                </Group>
              </Anchor>
            </Group>
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py="xl">
        <Stack gap="xl">
          <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="stat-tiles">
            {(
              [
                [sources, t({ id: 'content.topic.stats.sources', message: 'Sources' })],
                [summaries, t({ id: 'content.topic.stats.summaries', message: 'Summaries / week' })],
                [platforms, t({ id: 'content.topic.stats.platforms', message: 'Platforms' })],
                [
                  t({ id: 'content.topic.daily', message: 'Daily' }),
                  t({ id: 'content.topic.stats.updates', message: 'Updates' }),
                ],
              ] as const
            ).map(([value, label]) => (
              <Paper key={label} withBorder radius="md" p="md" ta="center">
                <Text fz={28} fw={700}>
                  {value}
                </Text>
                <Text size="sm" c="dimmed">
                  {label}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          {/* The signup box is a card of its own: not put in another one. */}
          <Stack gap="sm">
            <Text c="dimmed" data-testid="landing-description">
              {description}
            </Text>
            <NewsletterSignupSlot topicIds={[topic.id]} />
          </Stack>
          {related.length > 0 ? (
            <Stack gap="sm">
              <Title order={2} fz="xl">
                {t({ id: 'content.topic.relatedTopics', message: 'Related topics' })}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="related-topics">
                {related.map((other) => (
                  <Card key={other.id} withBorder radius="md">
                    <AnchorLink to="/topics/$id" params={{ id: other.slug }} fw={600}>
                      {localName(other, language)}
                    </AnchorLink>
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {localDescription(other, language)}
                    </Text>
                  </Card>
                ))}
              </SimpleGrid>
            </Stack>
          ) : null}
          <Paper
            radius="lg"
            p="xl"
            ta="center"
            style={{ background: CTA_BACKGROUND, color: 'white' }}
            data-testid="landing-cta"
          >
            <Stack align="center" gap="sm">
              <Title order={2}>
                {t({ id: 'content.topic.ctaTitle', message: "Read today's summaries" })}
              </Title>
              <Text>
                {t({
                  id: 'content.topic.ctaText',
                  message: `Every day, the best of ${ph({ topic: name })} in a few minutes.`,
                })}
              </Text>
              <ButtonLink to="/content-summary" search={viewSearch} variant="white">
                {t({ id: 'content.topic.viewNow', message: 'View Now' })}
              </ButtonLink>
            </Stack>
          </Paper>
          <Group justify="center">
            <AnchorLink to="/" size="sm" data-testid="landing-back">
              <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: '-2px', marginInlineEnd: 4 }} />
              {t({ id: 'content.back.topics', message: 'Back to topics' })}
            </AnchorLink>
          </Group>
        </Stack>
      </Container>
    </>
  );
}
