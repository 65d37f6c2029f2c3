import { Button, Center, Group, Loader, Popover, VisuallyHidden } from '@mantine/core';
import { IconCalendar, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type DateRange = { from: string; to: string } | null;

// The popup's calendar (@mantine/dates, its styles) is fetched when the reader reaches for the button
// (pointer over it, focus) or opens it: the summaries' first screen does without it.
const loadDatePopup = () => import('./date-popup');
const DatePopup = lazy(loadDatePopup);
const preloadDatePopup = () => {
  loadDatePopup().catch(() => undefined);
};

type Props = {
  value: DateRange;
  timeZone: string;
  language: 'en' | 'zh';
  /** Returns false when the range is refused (the upgrade dialog opens instead). */
  onChange: (range: DateRange) => boolean;
};

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
            onPointerEnter={preloadDatePopup}
            onFocus={preloadDatePopup}
            data-testid="date-filter"
            fullWidth
            justify="flex-start"
          >
            <VisuallyHidden>{t('summary.date')}: </VisuallyHidden>
            {label}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Suspense
            fallback={
              <Center w={250} h={250}>
                <Loader size="sm" />
              </Center>
            }
          >
            <DatePopup
              mode={mode}
              onModeChange={setMode}
              value={value}
              draft={draft}
              onDraftChange={setDraft}
              timeZone={timeZone}
              language={language}
              apply={apply}
            />
          </Suspense>
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
