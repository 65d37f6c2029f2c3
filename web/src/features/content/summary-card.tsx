import { useLingui } from '@lingui/react/macro';
import type { SummaryDto } from '@app/contracts';
import { localName, sourceDisplayName } from '@app/rules';
import { platformName } from './platform-options';
import { ActionIcon, Anchor, Badge, Button, Card, Collapse, Group, Stack, Text } from '@mantine/core';
import {
  IconExternalLink,
  IconHeart,
  IconHeartFilled,
  IconSparkles,
  IconStar,
  IconStarFilled,
} from '@tabler/icons-react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useId, useRef, useState } from 'react';
import { useAuth } from '../auth/auth-provider';
import { HoverTooltip } from '../ui/hover-tooltip';
import { Markdown } from './markdown';
import { StoryCoverage } from './story-coverage';
import { linkTitles } from './link-titles';
import { formatDate, linkLabel, MAX_LINKS, TITLE_MAX, truncate } from './text';
import { useUpgradeDialog } from './upgrade-dialog';

// A list sends what its cards show: an opened card reads its text (SummaryText), loaded on first use
// like the generation dialog, so reading pages carry neither's code.
// An opened card's Follow buttons (reading feature), fetched with the first card opened.
const CardFollows = lazy(() => import('../reading/card-follows').then((m) => ({ default: m.CardFollows })));
const SummaryText = lazy(() => import('./summary-text').then((m) => ({ default: m.SummaryText })));
const GenerateDialog = lazy(() =>
  import('../generation/generate-dialog').then((m) => ({ default: m.GenerateDialog })),
);

type Props = {
  summary: SummaryDto;
  expanded: boolean;
  onToggle: () => void;
  /** The reader opens it (not when it closes): a signed-in reader's card is then read. */
  onOpen?: () => void;
  language: 'en' | 'zh';
  timeZone: string;
  isSourceFavorite: boolean;
  isSummaryFavorite: boolean;
  onFavorite: (kind: 'datasources' | 'summaries', id: string, on: boolean) => void;
  /** The signed-in reader has read it: the title is lighter and `readMarker` says so in words. */
  isRead?: boolean;
  readMarker?: ReactNode;
  /** More buttons beside the favourites (the reader's read toggle and menu). */
  actions?: ReactNode;
  /** A line above the title (why the card is in the reader's "For you" order). */
  note?: ReactNode;
};

export function SummaryCard({
  summary,
  expanded,
  onToggle,
  onOpen,
  language,
  timeZone,
  isSourceFavorite,
  isSummaryFavorite,
  onFavorite,
  isRead = false,
  readMarker,
  actions,
  note,
}: Props) {
  const { t } = useLingui();
  const titleId = useId();
  const markerId = useId();
  const { isAuthenticated, isPro } = useAuth();
  const openUpgrade = useUpgradeDialog();
  const navigate = useNavigate();
  const location = useLocation();
  const [generating, setGenerating] = useState(false);
  // Each favourite button's name, also its tooltip.
  const sourceFavoriteLabel = isSourceFavorite
    ? t({ id: 'content.summary.unfavoriteSource', message: 'Remove source from favourites' })
    : t({ id: 'content.summary.favoriteSource', message: 'Favourite this source' });
  const summaryFavoriteLabel = isSummaryFavorite
    ? t({ id: 'content.summary.unfavoriteSummary', message: 'Remove summary from favourites' })
    : t({ id: 'content.summary.favoriteSummary', message: 'Favourite this summary' });
  const generateButton = useRef<HTMLButtonElement>(null);
  // The dialog unmounts as it closes (a fresh form each time), so the focus goes back to its button here.
  const closeGenerate = () => {
    setGenerating(false);
    requestAnimationFrame(() => generateButton.current?.focus());
  };
  const platform = summary.datasource?.platform ?? String(summary.metadata.platform ?? '');
  const sourceName = sourceDisplayName(
    summary.datasource?.source_name ?? String(summary.metadata.source_name ?? ''),
    language,
  );
  const topicName = summary.topic ? localName(summary.topic, language) : null;
  const title = summary.headline ? truncate(summary.headline, TITLE_MAX) : null;
  // Read as sentences by the server (see SummaryDto.excerpt).
  const excerpt = summary.excerpt;
  const links = summary.source_urls.slice(0, MAX_LINKS);
  const titles = linkTitles(summary.metadata);

  const generate = () => {
    // Visitors sign in first and come back here (spec: Generate sends them to /auth).
    if (!isAuthenticated) return void navigate({ to: '/auth', search: { redirect: location.href } });
    if (!isPro) return openUpgrade('content_generation');
    setGenerating(true);
  };

  return (
    // An article named by its title, focusable from script (the list's j and k keys move to it).
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="summary-card"
      data-expanded={expanded}
      data-read={isRead}
      data-summary-id={summary.id}
      role="article"
      tabIndex={-1}
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : truncate(excerpt, TITLE_MAX)}
      aria-describedby={isRead && readMarker ? markerId : undefined}
      className="mantine-focus-auto"
      style={{ scrollMarginTop: 80 }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap={6}>
            {topicName ? (
              <Badge variant="light" color="brand">
                {topicName}
              </Badge>
            ) : null}
            {platform ? (
              <Badge variant="outline" color="gray" data-testid="platform-badge">
                {platformName(t, platform)}
              </Badge>
            ) : null}
            {isRead && readMarker ? <span id={markerId}>{readMarker}</span> : null}
          </Group>
          <Group gap={4} wrap="nowrap">
            {actions}
            {summary.datasource ? (
              <HoverTooltip label={sourceFavoriteLabel}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={sourceFavoriteLabel}
                  aria-pressed={isSourceFavorite}
                  onClick={() => onFavorite('datasources', summary.datasource!.id, !isSourceFavorite)}
                >
                  {isSourceFavorite ? <IconHeartFilled size={18} /> : <IconHeart size={18} />}
                </ActionIcon>
              </HoverTooltip>
            ) : null}
            <HoverTooltip label={summaryFavoriteLabel}>
              <ActionIcon
                variant="subtle"
                color="yellow"
                aria-label={summaryFavoriteLabel}
                aria-pressed={isSummaryFavorite}
                onClick={() => onFavorite('summaries', summary.id, !isSummaryFavorite)}
              >
                {isSummaryFavorite ? <IconStarFilled size={18} /> : <IconStar size={18} />}
              </ActionIcon>
            </HoverTooltip>
          </Group>
        </Group>
        {note}
        <button
          type="button"
          onClick={() => {
            if (!expanded) onOpen?.();
            onToggle();
          }}
          aria-expanded={expanded}
          style={{ all: 'unset', cursor: 'pointer', display: 'block' }}
          data-card-toggle
          data-testid="summary-toggle"
        >
          {/* Inside a button: spans, shown as blocks. */}
          {title ? (
            <Text
              id={titleId}
              component="span"
              display="block"
              fw={isRead ? 400 : 600}
              c={isRead ? 'dimmed' : undefined}
              lh={1.35}
            >
              {title}
            </Text>
          ) : null}
          {!expanded ? (
            <Text component="span" display="block" size="sm" c="dimmed" mt={4} data-testid="summary-excerpt">
              {excerpt}
            </Text>
          ) : null}
        </button>
        <Collapse expanded={expanded}>
          {expanded ? (
            <Stack gap="sm">
              {summary.content_html !== undefined ? (
                <Markdown html={summary.content_html} />
              ) : (
                <Suspense
                  fallback={
                    <Text size="sm" c="dimmed" role="status">
                      {t({ id: 'content.summary.textLoading', message: 'Loading the summary…' })}
                    </Text>
                  }
                >
                  <SummaryText id={summary.id} timeZone={timeZone} />
                </Suspense>
              )}
              {links.length > 0 ? (
                <Stack gap={2}>
                  <Text size="xs" fw={600} c="dimmed">
                    {t({ id: 'content.summary.relatedLinks', message: 'Related links' })}
                  </Text>
                  {links.map((url) => (
                    <Anchor
                      key={url}
                      href={url}
                      title={url}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="sm"
                      lineClamp={1}
                      data-testid="summary-link"
                    >
                      <IconExternalLink size={12} aria-hidden /> {linkLabel(url, titles)}
                    </Anchor>
                  ))}
                </Stack>
              ) : null}
              <Suspense fallback={null}>
                <CardFollows summary={summary} language={language} />
              </Suspense>
              <Button
                variant="light"
                leftSection={<IconSparkles size={16} aria-hidden />}
                ref={generateButton}
                onClick={generate}
                w="fit-content"
                data-testid="summary-generate"
              >
                {t({ id: 'content.summary.generate', message: 'Generate content' })}
              </Button>
            </Stack>
          ) : null}
        </Collapse>
        {summary.story_id && summary.story_sources !== undefined && (summary.story_size ?? 1) > 1 ? (
          <StoryCoverage summary={summary} language={language} timeZone={timeZone} />
        ) : null}
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed" data-testid="summary-source">
            {sourceName}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDate(summary.created_at, language, timeZone)}
          </Text>
        </Group>
      </Stack>
      {generating ? (
        <Suspense fallback={null}>
          <GenerateDialog
            summaryId={summary.id}
            summaryTitle={summary.headline ?? excerpt}
            opened
            onClose={closeGenerate}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}
