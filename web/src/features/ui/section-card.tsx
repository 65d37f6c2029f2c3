import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One card of a settings-like page (profile, podcasts, newsletter): a section named by its heading,
 * an optional line under it, then its content.
 */
export function SectionCard({
  id,
  title,
  description,
  testId,
  withBorder,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  description?: ReactNode;
  testId?: string;
  withBorder?: boolean;
  children: ReactNode;
}) {
  return (
    <Card
      withBorder={withBorder}
      radius={withBorder ? 'md' : undefined}
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={id}
      data-testid={testId}
    >
      <Stack gap="sm">
        <Stack gap={4}>
          <Title order={2} fz="lg" id={id}>
            {title}
          </Title>
          {description ? (
            <Text fz="sm" c="gray.7">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
