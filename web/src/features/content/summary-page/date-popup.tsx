// The date picker's styles load with the popup (not with the summaries' first screen).
import { useLingui } from '@lingui/react/macro';
import { QUICK_PICK_MESSAGES } from '../content-messages';
import '@mantine/dates/styles.css';
// Chinese month and weekday names for locale="zh-cn": with the calendar's chunk, not the app's entry.
import 'dayjs/locale/zh-cn';
import { Badge, Group, SegmentedControl, Stack } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { QUICK_PICKS, type QuickPick, quickPickRange } from '../zoned-dates';
import type { DateRange } from './date-filter';

const toDate = (d: string) => d; // @mantine/dates 9 works with YYYY-MM-DD strings

type Props = {
  mode: 'single' | 'range';
  onModeChange: (mode: 'single' | 'range') => void;
  value: DateRange;
  draft: [string | null, string | null];
  onDraftChange: (draft: [string | null, string | null]) => void;
  timeZone: string;
  language: 'en' | 'zh';
  apply: (range: DateRange) => void;
};

/** The date filter's popup: single day or range, with quick picks. */
export default function DatePopup({
  mode,
  onModeChange: setMode,
  value,
  draft,
  onDraftChange: setDraft,
  timeZone,
  language,
  apply,
}: Props) {
  const { t } = useLingui();
  // Named arrows; no days of the months around (too faint to read; the arrows go there) and no red
  // weekends (too faint on white): every day is as readable as the others.
  const calendar = {
    locale: language === 'zh' ? 'zh-cn' : 'en',
    hideOutsideDates: true,
    weekendDays: [],
    ariaLabels: {
      previousMonth: t({ id: 'content.calendar.previousMonth', message: 'Previous month' }),
      nextMonth: t({ id: 'content.calendar.nextMonth', message: 'Next month' }),
      previousYear: t({ id: 'content.calendar.previousYear', message: 'Previous year' }),
      nextYear: t({ id: 'content.calendar.nextYear', message: 'Next year' }),
      previousDecade: t({ id: 'content.calendar.previousDecade', message: 'Previous decade' }),
      nextDecade: t({ id: 'content.calendar.nextDecade', message: 'Next decade' }),
    },
  };
  return (
    <Stack gap="xs" data-testid="date-popup">
      <SegmentedControl
        size="xs"
        value={mode}
        onChange={(m) => setMode(m as 'single' | 'range')}
        data={[
          { value: 'single', label: t({ id: 'content.summary.single', message: 'Single day' }) },
          { value: 'range', label: t({ id: 'content.summary.range', message: 'Range' }) },
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
            {t(QUICK_PICK_MESSAGES[pick])}
          </Badge>
        ))}
      </Group>
      {mode === 'single' ? (
        <DatePicker
          {...calendar}
          value={value?.from === value?.to ? (value?.from ?? null) : null}
          onChange={(d) => d && apply({ from: toDate(d), to: toDate(d) })}
        />
      ) : (
        <DatePicker
          type="range"
          allowSingleDateInRange
          {...calendar}
          value={draft}
          onChange={(range) => {
            setDraft(range);
            if (range[0] && range[1]) apply({ from: range[0], to: range[1] });
          }}
        />
      )}
    </Stack>
  );
}
