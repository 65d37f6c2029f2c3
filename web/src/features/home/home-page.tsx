import { useLingui } from '@lingui/react/macro';
import { Box, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { NewsletterSignupSlot } from '../content/home/newsletter-signup-slot';
import { TopicCards } from '../content/home/topic-cards';
import { ButtonLink } from '../ui/router-links';
import { useDocumentTitle } from '../ui/use-document-title';
import { WhenIdle } from '../ui/when-idle';

function Hero() {
  const { t } = useLingui();
  return (
    <Box
      data-testid="home-hero"
      py={{ base: 48, sm: 96 }}
      style={{
        background: 'linear-gradient(135deg, var(--mantine-color-brand-0), var(--mantine-color-violet-0))',
      }}
    >
      <Container size="md">
        <Stack align="center" ta="center" gap="lg">
          <Title order={1} fz={{ base: 32, sm: 48 }} lh={1.15}>
            {t({ id: 'shared.home.heroTitle', message: 'Your daily dose of curated tech content' })}
          </Title>
          <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed" maw={640}>
            {t({
              id: 'shared.home.heroSubtitle',
              message:
                "We read blogs, YouTube, podcasts, Reddit, X, Rednote and WeChat so you don't have to. Get AI summaries for the topics you care about, every day.",
            })}
          </Text>
          <Group justify="center">
            <ButtonLink
              to="/content-summary"
              size="md"
              rightSection={<IconArrowRight size={18} aria-hidden />}
            >
              {t({ id: 'shared.home.browseCta', message: "Browse today's content" })}
            </ButtonLink>
            <ButtonLink to="/pricing" size="md" variant="default">
              {t({ id: 'shared.home.pricingCta', message: 'See plans' })}
            </ButtonLink>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}

function BrowseCallToAction() {
  const { t } = useLingui();
  return (
    <Container size="md" py="xl">
      <Paper p={{ base: 'lg', sm: 'xl' }} radius="lg" withBorder ta="center">
        <Stack align="center" gap="sm">
          <Title order={2} fz={{ base: 22, sm: 28 }}>
            {t({ id: 'shared.home.browseTitle', message: 'Ready to explore?' })}
          </Title>
          <Text c="dimmed">
            {t({
              id: 'shared.home.browseSubtitle',
              message: 'Open the daily summary and filter by topic, platform and date.',
            })}
          </Text>
          <ButtonLink to="/content-summary" variant="light">
            {t({ id: 'shared.home.browseAction', message: 'Start browsing' })}
          </ButtonLink>
        </Stack>
      </Paper>
    </Container>
  );
}

/** The placeholders' heights: the sections' at 1280 px (px), so the footer stays below them until they draw. */
const NEWSLETTER_HEIGHT = 412;
const TOPIC_CARDS_HEIGHT = 614;
const BROWSE_HEIGHT = 252;

/**
 * Home. The newsletter signup box and the topic cards (spec §2 "Home") slot in between the hero and
 * the call to action. The hero is the first commit; the sections under it are drawn after it, one per
 * idle moment (WhenIdle), so the page's start-up is several short tasks rather than one long one.
 */
export function HomePage() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <WhenIdle name="newsletter" minHeight={NEWSLETTER_HEIGHT}>
        <NewsletterSignupSlot />
      </WhenIdle>
      <WhenIdle name="topic-cards" minHeight={TOPIC_CARDS_HEIGHT}>
        <TopicCards />
      </WhenIdle>
      <WhenIdle name="browse" minHeight={BROWSE_HEIGHT}>
        <BrowseCallToAction />
      </WhenIdle>
    </>
  );
}
