import { sortPlatforms } from '@app/contracts';
import { Badge, Checkbox, Group, Popover, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { platformOptions } from '../platform-options';

const VISIBLE_CHIPS = 3;

/** Multi-select showing up to 3 chips (in the spec's platform order) and a '+N more' chip for the rest. */
export function PlatformFilter({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const { t } = useTranslation('content');
  const options = platformOptions(t);
  const label = (id: string) => options.find((option) => option.value === id)?.label ?? id;
  const chosen = sortPlatforms(value);
  return (
    <Popover position="bottom-start" shadow="md" withinPortal>
      <Popover.Target>
        <UnstyledButton
          data-testid="platform-filter"
          style={{
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-sm)',
            padding: '5px 10px',
            minHeight: 36,
            width: '100%',
          }}
        >
          {/* The name says what the button is and keeps the chips it shows (WCAG 2.5.3). */}
          <VisuallyHidden>{t('summary.platforms')}: </VisuallyHidden>
          <Group justify="space-between" wrap="nowrap" gap={4}>
            {value.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('summary.platformsPlaceholder')}
              </Text>
            ) : (
              <Group gap={4} wrap="nowrap" style={{ overflow: 'hidden' }}>
                {chosen.slice(0, VISIBLE_CHIPS).map((id) => (
                  <Badge key={id} variant="light" size="sm" data-testid="platform-chip">
                    {label(id)}
                  </Badge>
                ))}
                {chosen.length > VISIBLE_CHIPS ? (
                  <Badge variant="outline" size="sm" data-testid="platform-more">
                    {t('summary.moreChips', { count: chosen.length - VISIBLE_CHIPS })}
                  </Badge>
                ) : null}
              </Group>
            )}
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Checkbox.Group value={value} onChange={onChange}>
          <Stack gap={8}>
            {options.map((option) => (
              <Checkbox key={option.value} value={option.value} label={option.label} />
            ))}
          </Stack>
        </Checkbox.Group>
      </Popover.Dropdown>
    </Popover>
  );
}
