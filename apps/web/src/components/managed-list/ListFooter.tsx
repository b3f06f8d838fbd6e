import { Box, Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useListKeys } from './list-keys';
import { pageCount, pageRange } from './paging';

/** Total, "51–100 of 120", the page buttons and the page size of a managed list. */
export function ListFooter<Size extends number>({
  total,
  page,
  pageSize,
  pageSizes,
  onPage,
  onPageSize,
  compact,
  testId,
}: {
  total: number;
  page: number;
  pageSize: Size;
  pageSizes: readonly Size[];
  onPage: (page: number) => void;
  onPageSize: (size: Size) => void;
  /** Fewer page buttons, for a phone. */
  compact: boolean;
  /** data-testid of the "51–100 of 120" text. */
  testId: string;
}) {
  const { t } = useTranslation();
  const keys = useListKeys();
  const { from, to } = pageRange(page, pageSize, total);

  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid={testId}>
        {t(`${keys}.paging.range`, { from, to, total })}
      </Text>
      <Box component="nav" aria-label={t(`${keys}.paging.label`)}>
        <Pagination
          total={pageCount(total, pageSize)}
          value={page}
          onChange={onPage}
          // One neighbour each side fits a 375 px screen only without the extra pages.
          siblings={compact ? 0 : 1}
          // Larger buttons are easier to hit with a thumb.
          size={compact ? 'lg' : 'md'}
          boundaries={1}
          getItemProps={(item) => ({ 'aria-label': t(`${keys}.paging.page`, { page: item }) })}
          getControlProps={(control) => ({ 'aria-label': t(`${keys}.paging.${control}`) })}
        />
      </Box>
      <NativeSelect
        label={t(`${keys}.paging.perPage`)}
        size="sm"
        w={120}
        value={String(pageSize)}
        onChange={(event) => {
          const size = pageSizes.find((each) => String(each) === event.currentTarget.value);
          if (size !== undefined) onPageSize(size);
        }}
        data={pageSizes.map((size) => String(size))}
      />
    </Group>
  );
}
