import { useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/** How long "Link copied" stays. */
const CONFIRMATION_MS = 5000;

type State = 'idle' | 'copied' | 'manual';

/**
 * "Copy link": the page's address to the clipboard, confirmed in a status line (read out by screen
 * readers). Where the clipboard is not available (an insecure origin, a refused permission), the
 * address is shown selected in a field, to copy by hand.
 */
export function CopyLink({ url }: { url: string }) {
  const { t } = useLingui();
  const [state, setState] = useState<State>('idle');
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (state === 'manual') {
      field.current?.focus();
      field.current?.select();
    }
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('manual');
    }
  };

  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <Button variant="light" onClick={copy} data-testid="story-copy-link">
          {t({ id: 'content.story.copyLink', message: 'Copy link' })}
        </Button>
        {/* Always in the page, so the words put into it are announced. */}
        <Text size="sm" role="status" data-testid="story-copy-status">
          {state === 'copied'
            ? t({ id: 'content.story.copied', message: 'Link copied' })
            : state === 'manual'
              ? t({
                  id: 'content.story.copyManually',
                  message: 'Copying is not available here: select the link below and copy it.',
                })
              : ''}
        </Text>
      </Group>
      {state === 'manual' ? (
        <TextInput
          ref={field}
          readOnly
          value={url}
          label={t({ id: 'content.story.linkLabel', message: 'Link to this story' })}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="story-link-field"
        />
      ) : null}
    </Stack>
  );
}
