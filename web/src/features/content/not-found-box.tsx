import { Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  title: string;
  /** A line under the title, when the title alone does not say what to do. */
  text?: string;
  /** The ways back: links to the listings the reader came from. */
  children: ReactNode;
  'data-testid': string;
};

/** What a page shows for something that is not there (a topic, a channel): what happened and the ways back. */
export function NotFoundBox({ title, text, children, 'data-testid': testId }: Props) {
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p="lg" data-testid={testId}>
        <Stack gap="md" align="flex-start">
          <Stack gap={4}>
            <Title order={1} fz="xl" data-testid={`${testId}-title`}>
              {title}
            </Title>
            {text ? <Text c="dimmed">{text}</Text> : null}
          </Stack>
          <Group gap="sm" wrap="wrap">
            {children}
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
