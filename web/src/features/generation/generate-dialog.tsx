import { useLingui } from '@lingui/react/macro';
import { LinguiScreen } from '../../i18n/lingui-screen';
import { GENERATION_DEFAULTS } from '@app/contracts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useLanguage } from '../../i18n/language-provider';
import { showErrorToast } from '../ui/toast';
import { AnchorLink } from '../ui/router-links';
import { DEFAULT_OPTIONS, type GenerationOptions, GenerationOptionsForm } from './generation-options';
import { GenerationProgress } from './generation-progress';
import { ResultCard } from './result-card';
import { useGenerationRun } from './use-generation-run';

/**
 * The generation dialog opened from a summary card or a YouTube channel page (spec §2 "Dialogs"): the
 * same queued task as /content-generator, with the 500-character limit on the extra instructions.
 * Callers check sign-in and plan first (visitors → /auth, free users → upgrade dialog).
 */
function GenerateDialogScreen({
  summaryId,
  summaryTitle,
  opened,
  onClose,
}: {
  summaryId: string;
  summaryTitle?: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { language } = useLanguage();
  const [options, setOptions] = useState<GenerationOptions>(DEFAULT_OPTIONS);
  const run = useGenerationRun();
  const busy = run.phase === 'submitting' || run.phase === 'pending' || run.phase === 'processing';
  const tooLong = [...options.userInput.trim()].length > GENERATION_DEFAULTS.userInputMax;

  const generate = () => {
    if (options.platforms.length === 0)
      return showErrorToast(
        t({ id: 'generation.needPlatform', message: 'Select at least one target platform' }),
      );
    void run.submit({
      summary_id: summaryId,
      target_platforms: options.platforms,
      style: options.style,
      user_input: options.userInput,
      user_language: language,
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t({ id: 'generation.dialog.title', message: 'Generate social content' })}
      size="lg"
      data-testid="generate-dialog"
    >
      <Stack gap="md">
        {summaryTitle ? (
          <Text fw={600} lineClamp={2}>
            {summaryTitle}
          </Text>
        ) : null}
        <GenerationOptionsForm
          value={options}
          onChange={setOptions}
          maxInput={GENERATION_DEFAULTS.userInputMax}
          disabled={busy}
        />
        <GenerationProgress run={run} />
        {run.results.map((result) => (
          <ResultCard key={result.id} result={result} />
        ))}
        <Group justify="space-between" wrap="wrap">
          <AnchorLink to="/content-generator" search={{ summary_id: summaryId } as never} size="sm">
            {t({ id: 'generation.dialog.open', message: 'Open the full generator' })}
          </AnchorLink>
          <Button
            leftSection={<IconSparkles size={16} />}
            onClick={generate}
            disabled={busy || tooLong || options.platforms.length === 0}
            loading={busy}
          >
            {t({ id: 'generation.generate', message: 'Generate' })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function GenerateDialog(props: {
  summaryId: string;
  summaryTitle?: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <LinguiScreen namespaces={['generation']}>
      <GenerateDialogScreen {...props} />
    </LinguiScreen>
  );
}
