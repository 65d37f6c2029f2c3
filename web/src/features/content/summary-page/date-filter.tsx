// The date picker's styles load with the screens that show one (not with the app's entry).
import '@mantine/dates/styles.css';
import { Badge, Button, Group, Popover, SegmentedControl, Stack, VisuallyHidden } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QUICK_PICKS, type QuickPick, quickPickRange } from '../zoned-dates';

export type DateRange = { from: string; to: string } | null;

type Props = {
  value: DateRange;
  timeZone: string;
  language: 'en' | 'zh';
  /** Returns false when the range is refused (the upgrade dialog opens instead). */
  onChange: (range: DateRange) => boolean;
};

const toDate = (d: string) => d; // @mantine/dates 9 works with YYYY-MM-DD strings

/** Single day or range, with quick picks; a single pick sets from = to and closes the popup. */
export function DateFilter({ value, timeZone, language, onChange }: Props) {
  const { t } = useTranslation('content');
  const [opened, setOpened] = useState(false);
  const [mode, setMode] = useState<'single' | 'range'>(value && value.from !== value.to ? 'range' : 'single');
  const [draft, setDraft] = useState<[string | null, string | null]>([
    value?.from ?? null,
    value?.to ?? null,
  ]);

  const apply = (range: DateRange) => {
    if (onChange(range)) setOpened(false);
  };
  const label = value
    ? value.from === value.to
      ? value.from
      : `${value.from} – ${value.to}`
    : t('summary.allDates');

  // Only the button is the popover's target: the clear button beside it opens nothing.
  return (
    <Group gap={4} wrap="nowrap">
      {/* Focus moves into the popup (it is rendered at the end of the page) and back to the button on Escape. */}
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-start"
        shadow="md"
        withinPortal
        trapFocus
        returnFocus
      >
        <Popover.Target>
          <Button
            variant="default"
            leftSection={<IconCalendar size={16} aria-hidden />}
            onClick={() => setOpened((o) => !o)}
            data-testid="date-filter"
            fullWidth
            justify="flex-start"
          >
            <VisuallyHidden>{t('summary.date')}: </VisuallyHidden>
            {label}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs" data-testid="date-popup">
            <SegmentedControl
              size="xs"
              value={mode}
              onChange={(m) => setMode(m as 'single' | 'range')}
              data={[
                { value: 'single', label: t('summary.single') },
                { value: 'range', label: t('summary.range') },
              ]}
            />
            <Group gap={4} maw={300}>
              {QUICK_PICKS.map((pick: QuickPick) => (
                <Badge
                  key={pick}
                  component="button"
                  variant="light"
                  style={{ cursor: 'pointer' }}
                  onClick={() => {
                    const [from, to] = quickPickRange(pick, timeZone);
                    apply({ from, to });
                  }}
                  data-testid={`quick-${pick}`}
                >
                  {t(`summary.${pick}`)}
                </Badge>
              ))}
            </Group>
            {mode === 'single' ? (
              <DatePicker
                locale={language === 'zh' ? 'zh-cn' : 'en'}
                value={value?.from === value?.to ? (value?.from ?? null) : null}
                onChange={(d) => d && apply({ from: toDate(d), to: toDate(d) })}
              />
            ) : (
              <DatePicker
                type="range"
                allowSingleDateInRange
                locale={language === 'zh' ? 'zh-cn' : 'en'}
                value={draft}
                onChange={(range) => {
                  setDraft(range);
                  if (range[0] && range[1]) apply({ from: range[0], to: range[1] });
                }}
              />
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {value ? (
        <Button variant="subtle" px={6} aria-label={t('summary.allDates')} onClick={() => apply(null)}>
          <IconX size={14} aria-hidden />
        </Button>
      ) : null}
    </Group>
  );
}
