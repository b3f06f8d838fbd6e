import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EditShareFields, type EditedShare, type EditShareTexts } from './EditShareFields';
import type { LocalePrefixWith } from './locale-prefix';
import type { ShareEditFormView } from './use-share-edit-form';

/** The texts the form reads under its key prefix (e.g. 'file.edit'). */
export interface ShareEditFormTexts extends EditShareTexts {
  unchanged: string;
  save: string;
}

/**
 * An edit form: the share's own fields (`children`: its name, its content) above the share
 * settings, then a failure that belongs to no field, then Cancel and Save.
 */
export function ShareEditFormLayout({
  keyPrefix,
  share,
  loadedAt,
  form,
  children,
}: {
  keyPrefix: LocalePrefixWith<ShareEditFormTexts>;
  share: EditedShare;
  /** When the share was loaded (epoch ms). */
  loadedAt: number;
  form: ShareEditFormView;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate>
      <Stack gap="md">
        {children}
        <EditShareFields
          keyPrefix={keyPrefix}
          limits={form.limits}
          share={share}
          loadedAt={loadedAt}
          values={form.values}
          onChange={form.change}
          errors={form.errors}
        />
        {form.formError ? (
          <Alert role="alert" color="red" variant="light">
            {form.formError}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          {form.changed.length === 0 ? (
            <Text size="sm" c="dimmed" me="auto">
              {t(`${keyPrefix}.unchanged`)}
            </Text>
          ) : null}
          <Button variant="default" onClick={form.close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!form.canSave} loading={form.saving}>
            {t(`${keyPrefix}.save`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
