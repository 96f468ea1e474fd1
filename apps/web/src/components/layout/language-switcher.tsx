import type { Language } from '@portal/domain';
import LanguageIcon from '@mui/icons-material/Language';
import Button from '@mui/material/Button';
import { useEffect, useId, useState, type ComponentType } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { useLanguageChoice } from '../../lib/i18n-app';
import type { LanguageMenu as LanguageMenuType } from './language-menu';

type LanguageMenuComponent = typeof LanguageMenuType;
let menuLoad: Promise<LanguageMenuComponent> | undefined;
function loadLanguageMenu(): Promise<LanguageMenuComponent> {
  menuLoad ??= import('./language-menu').then((m) => m.LanguageMenu);
  menuLoad.catch(() => {
    menuLoad = undefined;
  });
  return menuLoad;
}

/**
 * The menu (MUI's Menu, Popover, Modal) is its own chunk, loaded once the switcher is usable:
 * the sign-in page with Spanish off does not download it (issue 16).
 */
function useLanguageMenu(
  enabled: boolean,
): ComponentType<Parameters<LanguageMenuComponent>[0]> | null {
  const [menu, setMenu] = useState<{ Menu: LanguageMenuComponent } | null>(null);
  useEffect(() => {
    if (!enabled || menu) return;
    let active = true;
    loadLanguageMenu().then(
      (Menu) => {
        if (active) setMenu({ Menu });
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [enabled, menu]);
  return menu?.Menu ?? null;
}

// Spec 01 §1: the switcher exists in the header but is disabled; the `spanish` flag turns it
// on. Its accessible name starts with the visible text (WCAG 2.5.3, label in name) and says
// why it is disabled, so a screen reader hears that too (a tooltip on a disabled control
// reaches nobody).
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { enabled, language, choose } = useLanguageChoice();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const LanguageMenu = useLanguageMenu(enabled);
  const short = t(`language.short.${language}`);
  const name = t(`language.names.${language}`);

  if (!enabled) {
    return (
      <Button
        disabled
        size="small"
        startIcon={<LanguageIcon aria-hidden />}
        aria-label={t('language.disabledLabel', { short, language: name })}
        sx={{ minHeight: 40 }}
      >
        {short}
      </Button>
    );
  }

  const pick = (next: Language) => {
    setAnchor(null);
    if (next !== language) choose(next);
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<LanguageIcon aria-hidden />}
        aria-label={t('language.chooseLabel', { short, language: name })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minHeight: 40 }}
      >
        {short}
      </Button>
      {LanguageMenu && (
        <LanguageMenu
          id={menuId}
          anchor={anchor}
          language={language}
          onClose={() => setAnchor(null)}
          onPick={pick}
        />
      )}
    </>
  );
}
