import {
  GENERATION_DEFAULTS,
  GENERATION_PLATFORM_LIMITS,
  GENERATION_PLATFORMS,
  GENERATION_STYLES,
  type GenerationPlatform,
  type GenerationStyle,
} from '@app/contracts';
import { Checkbox, Group, Radio, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { platformName } from '../content/platform-options';

export type GenerationOptions = {
  platforms: GenerationPlatform[];
  style: GenerationStyle;
  userInput: string;
};

export const DEFAULT_OPTIONS: GenerationOptions = {
  platforms: [...GENERATION_DEFAULTS.platforms],
  style: GENERATION_DEFAULTS.style,
  userInput: '',
};

/** Platform checkboxes, style radios and the optional instructions (with a counter; `maxInput` caps it). */
export function GenerationOptionsForm({
  value,
  onChange,
  maxInput,
  disabled,
}: {
  value: GenerationOptions;
  onChange: (next: GenerationOptions) => void;
  maxInput?: number;
  disabled?: boolean;
}) {
  const { t } = useTranslation('generation');
  const length = [...value.userInput.trim()].length;
  const tooLong = maxInput !== undefined && length > maxInput;
  return (
    <Stack gap="md">
      <Checkbox.Group
        label={t('platforms.label')}
        value={value.platforms}
        onChange={(platforms) => onChange({ ...value, platforms: platforms as GenerationPlatform[] })}
        error={value.platforms.length === 0 ? t('needPlatform') : undefined}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} mt="xs" spacing="xs">
          {GENERATION_PLATFORMS.map((platform) => (
            <Checkbox
              key={platform}
              value={platform}
              disabled={disabled}
              data-testid={`platform-${platform}`}
              label={platformName(t, platform, 'target')}
              description={t('platforms.limit', { count: GENERATION_PLATFORM_LIMITS[platform] })}
            />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Radio.Group
        label={t('styles.label')}
        value={value.style}
        onChange={(style) => onChange({ ...value, style: style as GenerationStyle })}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} mt="xs" spacing="xs">
          {GENERATION_STYLES.map((style) => (
            <Radio
              key={style}
              value={style}
              disabled={disabled}
              label={t(`styles.${style}`)}
              description={t(`styles.${style}Desc`)}
            />
          ))}
        </SimpleGrid>
      </Radio.Group>
      <div>
        <Textarea
          label={t('input.label')}
          placeholder={t('input.placeholder')}
          autosize
          minRows={2}
          maxRows={6}
          disabled={disabled}
          value={value.userInput}
          onChange={(event) => onChange({ ...value, userInput: event.currentTarget.value })}
          error={tooLong ? t('input.tooLong', { max: maxInput }) : undefined}
          data-testid="generation-user-input"
        />
        <Group justify="flex-end">
          <Text size="xs" c={tooLong ? 'red' : 'dimmed'} data-testid="generation-input-counter">
            {maxInput === undefined
              ? t('input.counter', { count: length })
              : t('input.counterMax', { count: length, max: maxInput })}
          </Text>
        </Group>
      </div>
    </Stack>
  );
}
