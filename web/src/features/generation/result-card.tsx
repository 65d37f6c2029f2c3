import { GENERATION_PLATFORM_LIMITS, type GenerationPlatform, type GenerationResult } from '@app/contracts';
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { showErrorToast, showSuccessToast } from '../ui/toast';
import { copyText } from './generation-api';

/** One generated post: platform, character count against the limit, over-limit warning, copy (and an optional action). */
export function ResultCard({ result, action }: { result: GenerationResult; action?: ReactNode }) {
  const { t } = useTranslation('generation');
  const max = GENERATION_PLATFORM_LIMITS[result.platform as GenerationPlatform];
  const copy = async () => {
    try {
      await copyText(result.content);
      showSuccessToast(t('copied'));
    } catch {
      showErrorToast(t('copyFailed'));
    }
  };
  return (
    <Card withBorder radius="md" padding="md" data-testid="generation-result" data-platform={result.platform}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap={6}>
            <Badge variant="light">
              {t(`platforms.${result.platform}` as 'platforms.linkedin', result.platform)}
            </Badge>
            <Text size="xs" c={result.is_over_limit ? 'red' : 'dimmed'}>
              {t('characters', { count: result.character_count, max })}
            </Text>
            {result.generator === 'template' ? (
              <Badge variant="outline" color="gray" size="xs">
                {t('template')}
              </Badge>
            ) : null}
          </Group>
          <Group gap={6}>
            <Button size="xs" variant="light" leftSection={<IconCopy size={14} />} onClick={copy}>
              {t('copy')}
            </Button>
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
            {t('overLimit')}
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
