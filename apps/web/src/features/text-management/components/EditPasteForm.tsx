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
import { notifications } from '@mantine/notifications';
import {
  EDITOR_CONTENT_MAX_BYTES,
  PASTE_MAX_VIEWS_LIMIT,
  PASTE_PASSWORD_MAX,
  PASTE_REMARK_MAX,
  SLUG_MAX_LENGTH,
  type PasteDetail,
} from '@pasteport/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError, isApiError, serverFieldErrors } from '../../../lib/api';
import { EXPIRY_AMOUNT_MAX } from '../../../lib/expiry';
import { formatBytes } from '../../../lib/format';
import { MarkdownEditor } from '../../editor';
import type { PasteScope } from '../../paste/api';
import { useUpdatePaste } from '../api';
import {
  changedFields,
  QUIET_PROBLEMS,
  SERVER_FIELD_TO_FORM,
  toUpdateRequest,
  validatePasteForm,
  valuesFromPaste,
  type PasteFormField,
  type PasteFormProblem,
  type PasteFormValues,
} from '../paste-form';
import { ExpiryFields } from './ExpiryFields';
import { PasswordFields } from './PasswordFields';

/** Slugs, like keys, are read character by character, so their input is monospaced. */
const MONOSPACE_INPUT = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

type FieldErrors = Partial<Record<PasteFormField, string>>;

/**
 * The edit form of a loaded paste. Problems show live (except "fill this in" on a field that
 * just appeared); Save stays disabled while nothing changed or something is wrong; only the
 * changed fields are sent; server answers land on their fields and the input is kept.
 */
export function EditPasteForm({
  scope,
  paste,
  loadedAt,
  onClose,
}: {
  scope: PasteScope;
  paste: PasteDetail;
  /** When the paste was loaded (epoch ms). */
  loadedAt: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<PasteFormValues>(() => valuesFromPaste(paste));
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const update = useUpdatePaste(scope);

  // The limit each "too large" message names.
  const limits: Partial<Record<PasteFormProblem, string | number>> = {
    contentTooLarge: formatBytes(EDITOR_CONTENT_MAX_BYTES, i18n.language),
    slug_too_long: SLUG_MAX_LENGTH,
    remarkTooLong: PASTE_REMARK_MAX,
    amountTooLarge: EXPIRY_AMOUNT_MAX[values.customUnit],
    maxViewsInvalid: PASTE_MAX_VIEWS_LIMIT,
    passwordTooLong: PASTE_PASSWORD_MAX,
  };
  const message = (problem: PasteFormProblem) =>
    t(`textManagement.form.errors.${problem}`, { max: limits[problem] ?? '' });
  const problems = validatePasteForm(values);
  const errors: FieldErrors = { ...serverErrors };
  for (const [field, problem] of Object.entries(problems) as [PasteFormField, PasteFormProblem][]) {
    if (!QUIET_PROBLEMS.has(problem)) errors[field] ??= message(problem);
  }
  const changed = changedFields(values, paste);
  const canSave = changed.length > 0 && Object.keys(problems).length === 0;

  function change(patch: Partial<PasteFormValues>, field: PasteFormField) {
    setValues((current) => ({ ...current, ...patch }));
    setServerErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function showFailure(error: unknown) {
    if (isApiError(error) && error.status === 409 && changed.includes('slug')) {
      setServerErrors({ slug: describeApiError(error, t) });
      return;
    }
    if (isApiError(error) && error.code === 'PAYLOAD_TOO_LARGE') {
      setServerErrors({ content: describeApiError(error, t) });
      return;
    }
    const fieldErrors = serverFieldErrors(error, SERVER_FIELD_TO_FORM, t);
    if (Object.keys(fieldErrors).length > 0) setServerErrors(fieldErrors);
    else setFormError(describeApiError(error, t));
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSave || update.isPending) return;
    setFormError(undefined);
    try {
      const changes = toUpdateRequest(values, paste, new Date());
      const saved = await update.mutateAsync({ id: paste.id, changes });
      notifications.show({
        color: 'green',
        message: t('textManagement.saved', { slug: saved.slug }),
      });
      onClose();
    } catch (error) {
      showFailure(error);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          <MarkdownEditor
            label={t('textManagement.form.content')}
            value={values.content}
            onChange={(content) => change({ content }, 'content')}
            onSubmit={() => void submit()}
            hideToolbar={false}
            minHeight={240}
          />
          {errors.content ? (
            <Text size="sm" c="red">
              {errors.content}
            </Text>
          ) : null}
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label={t('textManagement.form.slug')}
            description={t('textManagement.form.slugHint', { max: SLUG_MAX_LENGTH })}
            required
            autoComplete="off"
            spellCheck={false}
            styles={MONOSPACE_INPUT}
            value={values.slug}
            onChange={(event) => change({ slug: event.currentTarget.value }, 'slug')}
            error={errors.slug}
          />
          <Textarea
            label={t('textManagement.form.remark')}
            description={t('textManagement.form.remarkHint')}
            // Not autosize: Mantine's autosize needs document.fonts, which jsdom lacks.
            rows={2}
            value={values.remark}
            onChange={(event) => change({ remark: event.currentTarget.value }, 'remark')}
            error={errors.remark}
          />
          <ExpiryFields
            paste={paste}
            values={values}
            onChange={(patch) => change(patch, 'expiry')}
            error={errors.expiry}
            now={loadedAt}
          />
          <NumberInput
            label={t('textManagement.form.maxViews')}
            description={t('textManagement.form.maxViewsHint', { count: paste.views })}
            min={0}
            max={PASTE_MAX_VIEWS_LIMIT}
            allowDecimal={false}
            allowNegative={false}
            value={values.maxViews}
            onChange={(maxViews) => change({ maxViews }, 'maxViews')}
            error={errors.maxViews}
          />
          <PasswordFields
            hasPassword={paste.has_password}
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
              {t('textManagement.form.unchanged')}
            </Text>
          ) : null}
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!canSave} loading={update.isPending}>
            {t('textManagement.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
