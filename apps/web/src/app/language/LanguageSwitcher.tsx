import { ActionIcon, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { LANGUAGES } from '@pasteport/contract/plain';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../lib/i18n';

/** Header menu switching between 中文 and English; the choice is remembered on this device. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="default"
          aria-label={t('language.label', { language: t(`language.names.${language}`) })}
          data-testid="language-switcher"
          data-language={language}
        >
          <IconLanguage size={20} stroke={1.6} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((option) => (
          <Menu.Item
            key={option}
            lang={option}
            data-language={option}
            aria-current={option === language ? 'true' : undefined}
            rightSection={option === language ? <IconCheck size={16} aria-hidden /> : null}
            onClick={() => void changeLanguage(i18n, option)}
          >
            {t(`language.names.${option}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
