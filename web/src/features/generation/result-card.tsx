import { useLingui } from '@lingui/react/macro';
import { ph } from '@lingui/core/macro';
import { GENERATION_PLATFORM_LIMITS, type GenerationPlatform, type GenerationResult } from '@app/contracts';
import { postText } from '@app/rules';
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCopy } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { showErrorToast, showSuccessToast } from '../ui/toast';
import { platformName } from '../content/platform-options';
import { copyText } from './generation-api';
import { PublishControl, VisibilityBadge } from './publish-control';

/**
 * One of the user's own generated posts: platform, character count against the limit, over-limit
 * warning, whether it is private or published, copy, publish/unpublish (and an optional action).
 */
export function ResultCard({ result, action }: { result: GenerationResult; action?: ReactNode }) {
  const { t } = useLingui();
  const max = GENERATION_PLATFORM_LIMITS[result.platform as GenerationPlatform];
  // A change made here shows at once; once the result is read again, what the server says wins
  // (results of post mode are never read again).
  const [changed, setChanged] = useState<{ from: string | null; to: string | null } | null>(null);
  const publishedAt = changed && changed.from === result.published_at ? changed.to : result.published_at;
  const copy = async () => {
    try {
      // Ready to paste: the text, then its hashtags (shown apart below it, in the text once).
      await copyText(postText(result.content, result.hashtags));
      showSuccessToast(t({ id: 'generation.copied', message: 'Copied' }));
    } catch {
      showErrorToast(t({ id: 'generation.copyFailed', message: 'Copy failed' }));
    }
  };
  return (
    <Card withBorder radius="md" padding="md" data-testid="generation-result" data-platform={result.platform}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap={6}>
            <Badge variant="light">{platformName(t, result.platform, 'target')}</Badge>
            <Text size="xs" c={result.is_over_limit ? 'red' : 'dimmed'}>
              {t({
                id: 'generation.characters',
                message: `${ph({ count: result.character_count })} / ${max} characters`,
              })}
            </Text>
            {result.generator === 'template' ? (
              <Badge variant="outline" color="gray" size="xs">
                {t({ id: 'generation.template', message: 'Template-based (no AI model configured)' })}
              </Badge>
            ) : null}
            <VisibilityBadge publishedAt={publishedAt} />
          </Group>
          <Group gap={6}>
            <Button size="xs" variant="light" leftSection={<IconCopy size={14} />} onClick={copy}>
              {t({ id: 'generation.copy', message: 'Copy' })}
            </Button>
            <PublishControl
              result={{ ...result, published_at: publishedAt }}
              onChange={(to) => setChanged({ from: result.published_at, to })}
            />
            {action}
          </Group>
        </Group>
        {result.is_over_limit ? (
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={16} />}
            p="xs"
            data-testid="over-limit-warning"
          >
            {t({
              id: 'generation.overLimit',
              message: 'This content exceeds the platform limit and should be edited before use.',
            })}
          </Alert>
        ) : null}
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="generation-result-content"
        >
          {result.content}
        </Text>
        {result.hashtags.length ? (
          <Group gap={4}>
            {result.hashtags.map((tag) => (
              <Badge key={tag} size="sm" variant="dot">
                #{tag}
              </Badge>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
