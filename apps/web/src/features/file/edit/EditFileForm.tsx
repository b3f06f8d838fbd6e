import {
  Alert,
  Button,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  FILE_PASSWORD_MAX,
  FILE_REMARK_MAX,
  FILENAME_MAX,
  PASTE_MAX_VIEWS_LIMIT,
  SLUG_MAX_LENGTH,
  type FileDetail,
  type UpdateFileRequest,
} from '@pasteport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError, isApiError, serverFieldErrors } from '../../../lib/api';
import { EXPIRY_AMOUNT_MAX } from '../../../lib/expiry';
import { fileDetailKey, MANAGED_FILES_QUERY_KEY, updateFile, type FileScope } from '../api';
import {
  changedFields,
  QUIET_PROBLEMS,
  SERVER_FIELD_TO_FORM,
  toUpdateRequest,
  validateFileForm,
  valuesFromFile,
  type FileFormField,
  type FileFormProblem,
  type FileFormValues,
} from './file-form';
import { FileExpiryFields } from './FileExpiryFields';
import { FilePasswordFields } from './FilePasswordFields';

/** Slugs are read character by character, so their input is monospaced. */
const MONOSPACE_INPUT = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

type FieldErrors = Partial<Record<FileFormField, string>>;

/**
 * The edit form of a loaded file. Problems show live (except "fill this in" on a field that
 * just appeared); Save stays disabled while nothing changed or something is wrong; only the
 * changed fields are sent; server answers land on their fields and the input is kept.
 */
export function EditFileForm({
  scope,
  file,
  loadedAt,
  onSaved,
  onClose,
}: {
  scope: FileScope;
  file: FileDetail;
  /** When the file was loaded (epoch ms). */
  loadedAt: number;
  onSaved: (saved: FileDetail) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<FileFormValues>(() => valuesFromFile(file));
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const update = useMutation({
    mutationFn: (changes: UpdateFileRequest) => updateFile(scope, file.id, changes),
    onSuccess: (saved) => {
      queryClient.setQueryData(fileDetailKey(scope, saved.id), saved);
      return queryClient.invalidateQueries({
        queryKey: [...MANAGED_FILES_QUERY_KEY, scope, 'list'],
      });
    },
  });

  // The limit each "too long / too large" message names.
  const limits: Partial<Record<FileFormProblem, number>> = {
    filenameTooLong: FILENAME_MAX,
    slug_too_long: SLUG_MAX_LENGTH,
    remarkTooLong: FILE_REMARK_MAX,
    amountTooLarge: EXPIRY_AMOUNT_MAX[values.customUnit],
    maxViewsInvalid: PASTE_MAX_VIEWS_LIMIT,
    passwordTooLong: FILE_PASSWORD_MAX,
  };
  const message = (problem: FileFormProblem) =>
    t(`file.edit.errors.${problem}`, { max: limits[problem] ?? '' });
  const problems = validateFileForm(values);
  const errors: FieldErrors = { ...serverErrors };
  for (const [field, problem] of Object.entries(problems) as [FileFormField, FileFormProblem][]) {
    if (!QUIET_PROBLEMS.has(problem)) errors[field] ??= message(problem);
  }
  const changed = changedFields(values, file);
  const canSave = changed.length > 0 && Object.keys(problems).length === 0;

  function change(patch: Partial<FileFormValues>, field: FileFormField) {
    setValues((current) => ({ ...current, ...patch }));
    setServerErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function showFailure(error: unknown) {
    if (isApiError(error) && error.status === 409 && changed.includes('slug')) {
      setServerErrors({ slug: describeApiError(error, t) });
      return;
    }
    const fieldErrors = serverFieldErrors(error, SERVER_FIELD_TO_FORM, t);
    if (Object.keys(fieldErrors).length > 0) setServerErrors(fieldErrors);
    else setFormError(describeApiError(error, t));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSave || update.isPending) return;
    setFormError(undefined);
    try {
      const saved = await update.mutateAsync(toUpdateRequest(values, file, new Date()));
      onSaved(saved);
      onClose();
    } catch (error) {
      showFailure(error);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('file.edit.filename')}
          description={t('file.edit.filenameHint')}
          required
          autoComplete="off"
          spellCheck={false}
          maxLength={FILENAME_MAX + 20}
          value={values.filename}
          onChange={(event) => change({ filename: event.currentTarget.value }, 'filename')}
          error={errors.filename}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label={t('file.edit.slug')}
            description={t('file.edit.slugHint', { max: SLUG_MAX_LENGTH })}
            required
            autoComplete="off"
            spellCheck={false}
            styles={MONOSPACE_INPUT}
            value={values.slug}
            onChange={(event) => change({ slug: event.currentTarget.value }, 'slug')}
            error={errors.slug}
          />
          <Textarea
            label={t('file.edit.remark')}
            description={t('file.edit.remarkHint')}
            // Not autosize: Mantine's autosize needs document.fonts, which jsdom lacks.
            rows={2}
            value={values.remark}
            onChange={(event) => change({ remark: event.currentTarget.value }, 'remark')}
            error={errors.remark}
          />
          <FileExpiryFields
            expiresAt={file.expires_at}
            values={values}
            onChange={(patch) => change(patch, 'expiry')}
            error={errors.expiry}
            now={loadedAt}
          />
          <NumberInput
            label={t('file.edit.maxViews')}
            description={t('file.edit.maxViewsHint', { count: file.views })}
            min={0}
            max={PASTE_MAX_VIEWS_LIMIT}
            allowDecimal={false}
            allowNegative={false}
            value={values.maxViews}
            onChange={(maxViews) => change({ maxViews }, 'maxViews')}
            error={errors.maxViews}
          />
          <FilePasswordFields
            hasPassword={file.has_password}
            values={values}
            onChange={(patch) => change(patch, 'password')}
            error={errors.password}
          />
        </SimpleGrid>
        {formError ? (
          <Alert role="alert" color="red" variant="light">
            {formError}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          {changed.length === 0 ? (
            <Text size="sm" c="dimmed" me="auto">
              {t('file.edit.unchanged')}
            </Text>
          ) : null}
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!canSave} loading={update.isPending}>
            {t('file.edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
