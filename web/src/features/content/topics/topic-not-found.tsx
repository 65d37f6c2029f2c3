import { useLingui } from '@lingui/react/macro';
import { IconArrowLeft } from '@tabler/icons-react';
import { ButtonLink } from '../../ui/router-links';
import { NotFoundBox } from '../not-found-box';

/** /topics/<unknown>: says so, with the ways back to the topics and to every summary. */
export function TopicNotFound() {
  const { t } = useLingui();
  return (
    <NotFoundBox
      title={t({ id: 'content.topic.notFound', message: 'Topic not found' })}
      text={t({
        id: 'content.topic.notFoundText',
        message: 'This topic does not exist or is no longer published.',
      })}
      data-testid="topic-not-found"
    >
      <ButtonLink to="/" leftSection={<IconArrowLeft size={16} aria-hidden />}>
        {t({ id: 'content.back.topics', message: 'Back to topics' })}
      </ButtonLink>
      <ButtonLink to="/content-summary" variant="default">
        {t({ id: 'content.back.allSummaries', message: 'All summaries' })}
      </ButtonLink>
    </NotFoundBox>
  );
}
