import { toHtmlLang } from '@app/contracts';
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../i18n/language';
import { useLanguage } from '../../i18n/language-provider';
import classes from './layout.module.css';

/** `compact`: in the bar, the label hides on tablet widths (the button keeps its accessible name). */
export function LanguageMenu({
  fullWidth = false,
  compact = false,
}: {
  fullWidth?: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <Menu position="bottom-end" shadow="md" width={160} zIndex={400}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          fullWidth={fullWidth}
          justify={fullWidth ? 'space-between' : undefined}
          leftSection={<IconLanguage size={18} aria-hidden />}
          px={compact ? 'xs' : undefined}
          rightSection={
            <IconChevronDown size={14} aria-hidden className={compact ? classes.hideOnTablet : undefined} />
          }
          // The visible language name is part of the name (WCAG 2.5.3), after what the button is for.
          aria-label={`${t('language.label')}: ${t(`language.${language}`)}`}
          className={classes.fixed}
          data-testid="language-menu"
        >
          <span className={compact ? classes.hideOnTablet : undefined}>{t(`language.${language}`)}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((option) => (
          <Menu.Item
            key={option}
            lang={toHtmlLang(option)}
            onClick={() => setLanguage(option)}
            rightSection={option === language ? <IconCheck size={14} aria-hidden /> : null}
          >
            {t(`language.${option}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
