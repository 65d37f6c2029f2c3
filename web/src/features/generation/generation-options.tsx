import { useLingui } from '@lingui/react/macro';
import { STYLE_MESSAGES } from './generation-messages';
import { ph, plural } from '@lingui/core/macro';
import {
  GENERATION_DEFAULTS,
  GENERATION_PLATFORM_LIMITS,
  GENERATION_PLATFORMS,
  GENERATION_STYLES,
  type GenerationPlatform,
  type GenerationStyle,
} from '@app/contracts';
import { Checkbox, Group, Radio, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
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
  const { t } = useLingui();
  const length = [...value.userInput.trim()].length;
  const tooLong = maxInput !== undefined && length > maxInput;
  return (
    <Stack gap="md">
      <Checkbox.Group
        label={t({ id: 'generation.platforms.label', message: 'Target platforms' })}
        value={value.platforms}
        onChange={(platforms) => onChange({ ...value, platforms: platforms as GenerationPlatform[] })}
        error={
          value.platforms.length === 0
            ? t({ id: 'generation.needPlatform', message: 'Select at least one target platform' })
            : undefined
        }
      >
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} mt="xs" spacing="xs">
          {GENERATION_PLATFORMS.map((platform) => (
            <Checkbox
              key={platform}
              value={platform}
              disabled={disabled}
              data-testid={`platform-${platform}`}
              label={platformName(t, platform, 'target')}
              description={t({
                id: 'generation.platforms.limit',
                message: `max ${ph({ count: GENERATION_PLATFORM_LIMITS[platform] })} characters`,
              })}
            />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Radio.Group
        label={t({ id: 'generation.styles.label', message: 'Style' })}
        value={value.style}
        onChange={(style) => onChange({ ...value, style: style as GenerationStyle })}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} mt="xs" spacing="xs">
          {GENERATION_STYLES.map((style) => (
            <Radio
              key={style}
              value={style}
              disabled={disabled}
              label={t(STYLE_MESSAGES[style].name)}
              description={t(STYLE_MESSAGES[style].description)}
            />
          ))}
        </SimpleGrid>
      </Radio.Group>
      <div>
        <Textarea
          label={t({ id: 'generation.input.label', message: 'Extra instructions (optional)' })}
          placeholder={t({
            id: 'generation.input.placeholder',
            message: 'e.g. mention our product launch, keep it short',
          })}
          autosize
          minRows={2}
          maxRows={6}
          disabled={disabled}
          value={value.userInput}
          onChange={(event) => onChange({ ...value, userInput: event.currentTarget.value })}
          error={
            tooLong
              ? t({ id: 'generation.input.tooLong', message: `At most ${ph({ max: maxInput })} characters` })
              : undefined
          }
          data-testid="generation-user-input"
        />
        <Group justify="flex-end">
          <Text size="xs" c={tooLong ? 'red' : 'dimmed'} data-testid="generation-input-counter">
            {maxInput === undefined
              ? t({
                  id: 'generation.input.counter',
                  message: plural(length, { one: `# character`, other: `# characters` }),
                })
              : t({
                  id: 'generation.input.counterMax',
                  message: `${ph({ count: length })} / ${ph({ max: maxInput })}`,
                })}
          </Text>
        </Group>
      </div>
    </Stack>
  );
}
