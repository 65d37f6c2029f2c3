import { useLingui } from '@lingui/react/macro';
import { messageById } from '../../i18n/message-for';
import { Button } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useLanguage } from '../../i18n/language-provider';
import { useDeferredComponent } from '../ui/deferred';
import classes from './layout.module.css';

export type LanguageMenuProps = {
  fullWidth?: boolean;
  /** In the bar, the label hides on tablet widths (the button keeps its accessible name). */
  compact?: boolean;
};

/** The language menu's button: the same before and after the menu's code has arrived. */
export function LanguageButton({
  fullWidth = false,
  compact = false,
  ...rest
}: LanguageMenuProps & Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'>) {
  const { t } = useLingui();
  const { language } = useLanguage();
  return (
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
      aria-label={`${t({ id: 'shared.language.label', message: 'Language' })}: ${t(messageById(`shared.language.${language}`))}`}
      className={classes.fixed}
      data-testid="language-menu"
      {...rest}
    >
      <span className={compact ? classes.hideOnTablet : undefined}>
        {t(messageById(`shared.language.${language}`))}
      </span>
    </Button>
  );
}

const loadMenu = () => import('./language-menu-popup').then((module) => module.LanguageMenuPopup);

/** The language button; its menu (Mantine's Menu and floating-ui) is fetched when it is first used. */
export function LanguageMenu(props: LanguageMenuProps) {
  const { Component: Menu, preload, show } = useDeferredComponent(loadMenu);
  if (Menu) return <Menu {...props} openOnMount />;
  return (
    <LanguageButton
      {...props}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={show}
      onPointerEnter={preload}
      onFocus={preload}
    />
  );
}
