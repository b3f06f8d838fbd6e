import { Box, Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pageCount, PAGE_SIZES, type PageSize } from '../list-query';

/** Total, "51–100 of 120", the page buttons and the page size. */
export function FileListFooter({
  total,
  page,
  pageSize,
  onPage,
  onPageSize,
  compact,
}: {
  total: number;
  page: number;
  pageSize: PageSize;
  onPage: (page: number) => void;
  onPageSize: (size: PageSize) => void;
  /** Fewer page buttons, for a phone. */
  compact: boolean;
}) {
  const { t } = useTranslation();
  const from = Math.min(total, (page - 1) * pageSize + 1);
  const to = Math.min(total, page * pageSize);

  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="file-total">
        {t('fileManagement.paging.range', { from, to, total })}
      </Text>
      <Box component="nav" aria-label={t('fileManagement.paging.label')}>
        <Pagination
          total={pageCount(total, pageSize)}
          value={page}
          onChange={onPage}
          // One neighbour each side fits a 375 px screen only without the extra pages.
          siblings={compact ? 0 : 1}
          // Larger buttons are easier to hit with a thumb.
          size={compact ? 'lg' : 'md'}
          boundaries={1}
          getItemProps={(item) => ({
            'aria-label': t('fileManagement.paging.page', { page: item }),
          })}
          getControlProps={(control) => ({ 'aria-label': t(`fileManagement.paging.${control}`) })}
        />
      </Box>
      <NativeSelect
        label={t('fileManagement.paging.perPage')}
        size="sm"
        w={120}
        value={String(pageSize)}
        onChange={(event) => onPageSize(Number(event.currentTarget.value) as PageSize)}
        data={PAGE_SIZES.map((size) => String(size))}
      />
    </Group>
  );
}
