import { useLingui } from '@lingui/react/macro';
import { messageById } from '../../i18n/message-for';
import { ph } from '@lingui/core/macro';
import { Anchor, Box, Container, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBrandX, IconMail } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useLanguage } from '../../i18n/language-provider';
import { siteFeedLinks } from '../content/feed-links';
import { CONTACT_EMAIL, SOCIAL_URL, TOPIC_SLUGS } from '../../config/site';
import { AnchorLink } from '../ui/router-links';
import { KnowledgeBaseLinks } from './knowledge-base-links';
import { Logo } from './logo';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Title order={2} fz="sm" tt="uppercase" c="dimmed">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const linkProps = { c: 'dark.4', fz: 'sm' } as const;

/** A link to one of the site's feeds (its RSS format), for readers who subscribe by hand. */
function FeedAnchor({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} {...linkProps}>
      {children}
    </Anchor>
  );
}

export function Footer() {
  const { t } = useLingui();
  const { language } = useLanguage();
  return (
    <Box
      component="footer"
      bg="gray.0"
      py="xl"
      mt="xl"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="xl">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="sm">
            <Logo testId="footer-logo" />
            <Text fz="sm" c="dimmed">
              {t({
                id: 'shared.footer.description',
                message:
                  'AI summaries of the best blogs, videos, podcasts and posts for builders, delivered daily.',
              })}
            </Text>
            <Group gap="md">
              <Anchor href={SOCIAL_URL} target="_blank" rel="noopener noreferrer" {...linkProps}>
                <Group gap={4} wrap="nowrap">
                  <IconBrandX size={16} aria-hidden />
                  {t({ id: 'shared.footer.social', message: 'Follow us on X' })}
                </Group>
              </Anchor>
              <Anchor href={`mailto:${CONTACT_EMAIL}`} {...linkProps}>
                <Group gap={4} wrap="nowrap">
                  <IconMail size={16} aria-hidden />
                  {t({ id: 'shared.footer.contact', message: 'Contact us' })}
                </Group>
              </Anchor>
            </Group>
          </Stack>
          <Column title={t({ id: 'shared.footer.topics', message: 'Topics' })}>
            {TOPIC_SLUGS.map((slug) => (
              <AnchorLink key={slug} to="/topics/$id" params={{ id: slug }} {...linkProps}>
                {t(messageById(`shared.topics.${slug}`))}
              </AnchorLink>
            ))}
            <FeedAnchor href={siteFeedLinks('summaries', language)[0]!.href}>
              {t({ id: 'shared.footer.topicsFeed', message: 'Every topic (RSS)' })}
            </FeedAnchor>
          </Column>
          <Column title={t({ id: 'shared.footer.knowledgeBase', message: 'Knowledge Base' })}>
            <KnowledgeBaseLinks />
          </Column>
          <Column title={t({ id: 'shared.footer.blog', message: 'Blog' })}>
            <AnchorLink to="/blog" {...linkProps}>
              {t({ id: 'shared.footer.allPosts', message: 'All posts' })}
            </AnchorLink>
            <FeedAnchor href={siteFeedLinks('blog', language)[0]!.href}>
              {t({ id: 'shared.footer.blogFeed', message: 'Blog RSS feed' })}
            </FeedAnchor>
          </Column>
        </SimpleGrid>
        <Divider my="lg" />
        <Stack gap={4} align="center" ta="center">
          <Text fz="xs" c="dimmed" data-testid="footer-copyright">
            {t({
              id: 'shared.footer.copyright',
              message: `Copyright © ${ph({ year: new Date().getFullYear() })} Daily Curated. All rights reserved.`,
            })}
          </Text>
          <Text fz="xs" c="dimmed">
            {t({
              id: 'shared.footer.poweredBy',
              message: 'Powered by AI summaries and open-source software',
            })}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
