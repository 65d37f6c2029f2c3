import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { pageWindow } from '../text';

type Props = {
  page: number;
  total: number;
  onChange: (page: number) => void;
};

/** All pages up to 7, otherwise a window with ellipses (spec). */
export function PageNav({ page, total, onChange }: Props) {
  const { t } = useTranslation('content');
  return (
    <Group gap={4} justify="center" data-testid="pagination" wrap="wrap">
      <Button size="xs" variant="default" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('summary.previous')}
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
            aria-label={t('summary.page', { page: p })}
            aria-current={p === page ? 'page' : undefined}
            onClick={() => onChange(p)}
          >
            {p}
          </Button>
        ),
      )}
      <Button size="xs" variant="default" disabled={page >= total} onClick={() => onChange(page + 1)}>
        {t('summary.next')}
      </Button>
    </Group>
  );
}
