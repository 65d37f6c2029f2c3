import { useLingui } from '@lingui/react/macro';
import { messageById } from '../../i18n/message-for';
import { toHtmlLang } from '@app/rules';
import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { LANGUAGES } from '../../i18n/language';
import { useLanguage } from '../../i18n/language-provider';
import { useOpenedOnMount } from '../ui/deferred';
import { LanguageButton, type LanguageMenuProps } from './language-menu';

/** The language menu itself (fetched on first use, language-menu.tsx); opens as it mounts. */
export function LanguageMenuPopup({ openOnMount, ...props }: LanguageMenuProps & { openOnMount: boolean }) {
  const { t } = useLingui();
  const { language, setLanguage } = useLanguage();
  const { opened, setOpened, targetRef } = useOpenedOnMount<HTMLButtonElement>(openOnMount);
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" shadow="md" width={160} zIndex={400}>
      <Menu.Target>
        <LanguageButton ref={targetRef} {...props} />
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((option) => (
          <Menu.Item
            key={option}
            lang={toHtmlLang(option)}
            onClick={() => setLanguage(option)}
            rightSection={option === language ? <IconCheck size={14} aria-hidden /> : null}
          >
            {t(messageById(`shared.language.${option}`))}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
