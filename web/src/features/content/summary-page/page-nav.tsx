import { useLingui } from '@lingui/react/macro';
import { ph } from '@lingui/core/macro';
import { Button, Group, Text } from '@mantine/core';
import { pageWindow } from '../text';

type Props = {
  page: number;
  total: number;
  onChange: (page: number) => void;
};

/** All pages up to 7, otherwise a window with ellipses (spec). */
export function PageNav({ page, total, onChange }: Props) {
  const { t } = useLingui();
  return (
    <Group gap={4} justify="center" data-testid="pagination" wrap="wrap">
      <Button size="xs" variant="default" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t({ id: 'content.summary.previous', message: 'Previous' })}
      </Button>
      {pageWindow(page, total).map((p, i, all) =>
        p === 'gap' ? (
          <Text key={`gap-after-${all[i - 1]}`} size="sm" c="dimmed" px={4}>
            …
          </Text>
        ) : (
          <Button
            key={p}
            size="xs"
            variant={p === page ? 'filled' : 'default'}
            aria-label={t({ id: 'content.summary.page', message: `Page ${ph({ page: p })}` })}
            aria-current={p === page ? 'page' : undefined}
            onClick={() => onChange(p)}
          >
            {p}
          </Button>
        ),
      )}
      <Button size="xs" variant="default" disabled={page >= total} onClick={() => onChange(page + 1)}>
        {t({ id: 'content.summary.next', message: 'Next' })}
      </Button>
    </Group>
  );
}
