import { useLingui } from '@lingui/react/macro';
import type { GenerationResult } from '@app/contracts';
import { Badge, Button } from '@mantine/core';
import { IconLock, IconWorld } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { errorText } from '../../api/error-text';
import { isGeneratedContentQuery } from '../../queries/content';
import { useAuth } from '../auth/auth-provider';
import { OnDemandDialog } from '../ui/on-demand-dialog';
import { showErrorToast, showSuccessToast } from '../ui/toast';
import { generationKeys, setGeneratedContentPublished } from './generation-api';

// The confirmation's code comes when it first opens.
const PublishDialog = lazy(() => import('./publish-dialog').then((m) => ({ default: m.PublishDialog })));

/** Whether the result is private (the default) or published on its topic page, shown as a badge. */
export function VisibilityBadge({ publishedAt }: { publishedAt: string | null }) {
  const { t } = useLingui();
  // Body-text colour on the tint: the tint's own shade is under 4.5:1 at badge size.
  return (
    <Badge
      variant="light"
      color={publishedAt ? 'teal' : 'gray'}
      c="var(--mantine-color-text)"
      leftSection={publishedAt ? <IconWorld size={12} /> : <IconLock size={12} />}
      data-testid="result-visibility"
    >
      {publishedAt
        ? t({ id: 'generation.publish.published', message: 'Published' })
        : t({ id: 'generation.publish.private', message: 'Private' })}
    </Badge>
  );
}

/**
 * The author's Publish / Unpublish button for one of their results. Publishing asks first (it will
 * show on the topic page under their display name); unpublishing, which only makes it private, does not.
 */
export function PublishControl({
  result,
  onChange,
}: {
  result: GenerationResult;
  onChange: (publishedAt: string | null) => void;
}) {
  const { t } = useLingui();
  const { profile } = useAuth();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const isPublished = result.published_at !== null;
  const change = useMutation({
    mutationFn: (published: boolean) => setGeneratedContentPublished(result.id, published),
    onSuccess: ({ data }) => {
      setConfirming(false);
      onChange(data.published_at);
      showSuccessToast(
        data.published_at
          ? t({ id: 'generation.publish.done', message: 'Published on the topic page' })
          : t({ id: 'generation.publish.undone', message: 'Unpublished: only you can see it now' }),
      );
      void queryClient.invalidateQueries({ queryKey: generationKeys.all });
      void queryClient.invalidateQueries({ predicate: isGeneratedContentQuery });
    },
    onError: (error) => {
      setConfirming(false);
      showErrorToast(
        t({ id: 'generation.publish.failed', message: 'Could not change who can see it' }),
        errorText(t, error),
      );
    },
  });
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={isPublished ? <IconLock size={14} /> : <IconWorld size={14} />}
        loading={change.isPending && !confirming}
        onClick={() => (isPublished ? change.mutate(false) : setConfirming(true))}
        data-testid={isPublished ? 'unpublish-result' : 'publish-result'}
      >
        {isPublished
          ? t({ id: 'generation.publish.unpublish', message: 'Unpublish' })
          : t({ id: 'generation.publish.publish', message: 'Publish' })}
      </Button>
      <OnDemandDialog opened={confirming}>
        {(shown) => (
          <PublishDialog
            opened={shown}
            displayName={profile?.display_name?.trim() || null}
            onClose={() => setConfirming(false)}
            onConfirm={() => change.mutate(true)}
            pending={change.isPending}
          />
        )}
      </OnDemandDialog>
    </>
  );
}
