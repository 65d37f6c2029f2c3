import { useLingui } from '@lingui/react/macro';
import { LANGUAGE_MESSAGES, UNAVAILABLE_MESSAGES } from './podcast-messages';
import { ph } from '@lingui/core/macro';
import type { PodcastDto } from '@app/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Collapse,
  Group,
  Loader,
  SegmentedControl,
  Slider,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconFileText,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
  IconRewindBackward10,
  IconRewindForward10,
  IconVolume,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useState } from 'react';
import { ScrollRegion } from '../ui/scroll-region';
import { podcastTranscriptQueryOptions } from './podcast-queries';
import { formatTime, SPEEDS } from './podcast-utils';
import type { PodcastPlayer } from './use-podcast-player';

type Props = { podcast: PodcastDto; player: PodcastPlayer; onRetry: (podcast: PodcastDto) => void };

export function PodcastCard({ podcast, player, onRetry }: Props) {
  const { t } = useLingui();
  const { state } = player;
  const active = state.currentId === podcast.id;
  const playing = active && (state.status === 'playing' || state.status === 'loading');
  const failed = state.errorId === podcast.id;
  const [showTranscript, setShowTranscript] = useState(false);
  const hintId = useId();
  // Space and Enter press the button (play/pause); the arrows seek the podcast that is playing.
  const onPlayKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!active || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    event.preventDefault();
    player.skip(event.key === 'ArrowLeft' ? -1 : 1);
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid="podcast-card" data-podcast-id={podcast.id}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} lineClamp={2} data-testid="podcast-topic">
            {podcast.topic_name}
          </Text>
          <Group gap="xs">
            <Badge variant="light" data-testid="podcast-language">
              {t(LANGUAGE_MESSAGES[podcast.language])}
            </Badge>
            <Text size="sm" c="dimmed">
              {podcast.target_date}
            </Text>
            {podcast.duration_seconds ? (
              <Text size="sm" c="dimmed">
                {t({
                  id: 'podcast.duration',
                  message: `Duration ${ph({ time: formatTime(podcast.duration_seconds) })}`,
                })}
              </Text>
            ) : null}
          </Group>
        </Stack>
        {podcast.audio_url ? (
          <ActionIcon
            size={48}
            radius="xl"
            variant="filled"
            aria-label={
              playing
                ? t({ id: 'podcast.pause', message: 'Pause' })
                : t({ id: 'podcast.play', message: 'Play' })
            }
            aria-pressed={playing}
            aria-describedby={hintId}
            aria-keyshortcuts="Space ArrowLeft ArrowRight"
            onClick={() => player.toggle(podcast)}
            onKeyDown={onPlayKey}
            data-testid="podcast-play"
          >
            {playing && state.status === 'loading' ? (
              <Loader size="sm" color="white" />
            ) : playing ? (
              <IconPlayerPauseFilled size={22} />
            ) : (
              <IconPlayerPlayFilled size={22} />
            )}
          </ActionIcon>
        ) : (
          <Badge color="gray" variant="outline" data-testid="podcast-unavailable">
            {t({ id: 'podcast.audioUnavailable', message: 'Audio not available' })}
          </Badge>
        )}
      </Group>

      {podcast.failure_reason ? (
        <Text size="sm" c="dimmed" mt="xs" data-testid="podcast-unavailable-reason">
          {t(UNAVAILABLE_MESSAGES[podcast.failure_reason])}
        </Text>
      ) : null}

      {failed ? (
        <Alert mt="sm" color="red" icon={<IconAlertCircle size={18} />} data-testid="podcast-audio-error">
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              {t({ id: 'podcast.audioError', message: 'The audio could not be played.' })}
            </Text>
            <Button size="xs" variant="light" color="red" onClick={() => onRetry(podcast)}>
              {t({ id: 'podcast.retry', message: 'Retry' })}
            </Button>
          </Group>
        </Alert>
      ) : null}

      {podcast.audio_url ? (
        <VisuallyHidden id={hintId}>
          {t({
            id: 'podcast.keysHint',
            message: 'Space plays or pauses; the left and right arrows go back or forward 10 seconds.',
          })}
        </VisuallyHidden>
      ) : null}
      {active && !failed ? <PlayerControls player={player} /> : null}

      {podcast.has_transcript ? (
        <>
          <Button
            mt="sm"
            size="xs"
            variant="subtle"
            leftSection={<IconFileText size={14} />}
            onClick={() => setShowTranscript((v) => !v)}
            aria-expanded={showTranscript}
            px={4}
          >
            {showTranscript
              ? t({ id: 'podcast.hideTranscript', message: 'Hide transcript' })
              : t({ id: 'podcast.showTranscript', message: 'Show transcript' })}
          </Button>
          <Collapse expanded={showTranscript}>
            {showTranscript ? <Transcript id={podcast.id} /> : null}
          </Collapse>
        </>
      ) : null}
    </Card>
  );
}

function PlayerControls({ player }: { player: PodcastPlayer }) {
  const { t } = useLingui();
  const { state } = player;
  const duration = Math.max(state.duration, 0);
  return (
    <Stack gap="xs" mt="md" data-testid="podcast-controls">
      <Group gap="xs" wrap="nowrap">
        <Text size="xs" ff="monospace" data-testid="podcast-elapsed">
          {formatTime(state.time)}
        </Text>
        <Slider
          style={{ flex: 1 }}
          min={0}
          max={Math.max(duration, 1)}
          step={0.5}
          value={Math.min(state.time, Math.max(duration, 1))}
          onChange={player.seek}
          label={formatTime}
          thumbProps={{
            'aria-label': t({ id: 'podcast.seek', message: 'Seek' }),
            'aria-valuetext': formatTime(state.time),
          }}
          data-testid="podcast-seek"
        />
        <Text size="xs" ff="monospace" data-testid="podcast-total">
          {formatTime(duration)}
        </Text>
      </Group>
      <Group justify="space-between" gap="sm">
        <Group gap={4}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t({ id: 'podcast.back', message: 'Back 10 seconds' })}
            onClick={() => player.skip(-1)}
          >
            <IconRewindBackward10 size={18} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t({ id: 'podcast.forward', message: 'Forward 10 seconds' })}
            onClick={() => player.skip(1)}
          >
            <IconRewindForward10 size={18} />
          </ActionIcon>
        </Group>
        <SegmentedControl
          size="xs"
          aria-label={t({ id: 'podcast.speed', message: 'Playback speed' })}
          data-testid="podcast-speed"
          value={String(state.rate)}
          onChange={(value) => player.setRate(Number(value))}
          data={SPEEDS.map((speed) => ({ value: String(speed), label: `${speed}×` }))}
        />
        <Group gap={6} wrap="nowrap" w={150}>
          <IconVolume size={16} aria-hidden />
          <Slider
            style={{ flex: 1 }}
            min={0}
            max={100}
            value={state.volume}
            onChange={player.setVolume}
            thumbProps={{ 'aria-label': t({ id: 'podcast.volume', message: 'Volume' }) }}
            data-testid="podcast-volume"
          />
        </Group>
      </Group>
    </Stack>
  );
}

function Transcript({ id }: { id: string }) {
  const { t } = useLingui();
  const query = useQuery(podcastTranscriptQueryOptions(id));
  if (query.isPending) return <Loader size="sm" m="sm" />;
  if (query.isError) {
    return (
      <Text size="sm" c="red" m="sm">
        {t({ id: 'podcast.transcriptError', message: 'Could not load the transcript.' })}
      </Text>
    );
  }
  return (
    <ScrollRegion label={t({ id: 'podcast.transcript', message: 'Transcript' })} mah={280} mt="xs">
      <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="podcast-transcript">
        {query.data}
      </Text>
    </ScrollRegion>
  );
}
