import { Anchor, Box, Container, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBrandX, IconMail } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
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

export function Footer() {
  const { t } = useTranslation();
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
              {t('footer.description')}
            </Text>
            <Group gap="md">
              <Anchor href={SOCIAL_URL} target="_blank" rel="noopener noreferrer" {...linkProps}>
                <Group gap={4} wrap="nowrap">
                  <IconBrandX size={16} aria-hidden />
                  {t('footer.social')}
                </Group>
              </Anchor>
              <Anchor href={`mailto:${CONTACT_EMAIL}`} {...linkProps}>
                <Group gap={4} wrap="nowrap">
                  <IconMail size={16} aria-hidden />
                  {t('footer.contact')}
                </Group>
              </Anchor>
            </Group>
          </Stack>
          <Column title={t('footer.topics')}>
            {TOPIC_SLUGS.map((slug) => (
              <AnchorLink key={slug} to="/topics/$id" params={{ id: slug }} {...linkProps}>
                {t(`topics.${slug}`)}
              </AnchorLink>
            ))}
          </Column>
          <Column title={t('footer.knowledgeBase')}>
            <KnowledgeBaseLinks />
          </Column>
          <Column title={t('footer.blog')}>
            <AnchorLink to="/blog" {...linkProps}>
              {t('footer.allPosts')}
            </AnchorLink>
          </Column>
        </SimpleGrid>
        <Divider my="lg" />
        <Stack gap={4} align="center" ta="center">
          <Text fz="xs" c="dimmed" data-testid="footer-copyright">
            {t('footer.copyright', { year: new Date().getFullYear() })}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('footer.poweredBy')}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
