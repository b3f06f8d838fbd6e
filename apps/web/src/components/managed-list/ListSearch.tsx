import { CloseButton, TextInput } from '@mantine/core';
import { SEARCH_MIN_KEYWORD } from '@pasteport/contract/plain';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useListKeys } from './list-keys';
import { SEARCH_MAX_LENGTH, searchStateOf } from './paging';

/** The search box of a managed list; one character earns a hint instead of a request (SPEC §5). */
export function ListSearch({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const keys = useListKeys();
  const tooShort = searchStateOf(value).kind === 'tooShort';
  return (
    <TextInput
      // Not type="search": browsers would add a second clear button beside ours.
      type="text"
      role="searchbox"
      inputMode="search"
      enterKeyHint="search"
      label={t(`${keys}.search.label`)}
      placeholder={t(`${keys}.search.placeholder`)}
      description={tooShort ? t(`${keys}.search.tooShort`, { min: SEARCH_MIN_KEYWORD }) : undefined}
      maxLength={SEARCH_MAX_LENGTH}
      w={{ base: '100%', xs: 320 }}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        value ? (
          <CloseButton aria-label={t(`${keys}.search.clear`)} onClick={() => onChange('')} />
        ) : null
      }
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
