import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { ButtonLink } from '../../ui/router-links';
import { NotFoundBox } from '../not-found-box';

/** /topics/<unknown>: says so, with the ways back to the topics and to every summary. */
export function TopicNotFound() {
  const { t } = useTranslation('content');
  return (
    <NotFoundBox title={t('topic.notFound')} text={t('topic.notFoundText')} data-testid="topic-not-found">
      <ButtonLink to="/" leftSection={<IconArrowLeft size={16} aria-hidden />}>
        {t('back.topics')}
      </ButtonLink>
      <ButtonLink to="/content-summary" variant="default">
        {t('back.allSummaries')}
      </ButtonLink>
    </NotFoundBox>
  );
}
