import { Skeleton, Stack, Text } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownView } from '../../markdown';
import { HIGHLIGHT_MAX_CHARS, type PreviewChoice } from '../preview-kind';
import { fencedSource } from '../view/code-fence';
import { fetchPreviewTextOnce } from '../view/preview-text';
import { useOnceValue } from '../view/use-once-value';
import { HtmlPreview } from './HtmlPreview';
import { PreviewFailed } from './PreviewFailed';
import { PreviewFrame } from './PreviewFrame';
import classes from './preview.module.css';

/** The previews made from the file's text. */
type TextChoice = Extract<
  PreviewChoice,
  { kind: 'markdown' | 'code' | 'config' | 'text' | 'html' }
>;

function TextSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" p="md" role="status" aria-label={t('common.loading')}>
      {['90%', '100%', '75%', '95%', '60%'].map((width, line) => (
        <Skeleton key={line} height={14} width={width} radius="sm" />
      ))}
    </Stack>
  );
}

/** The fetched text, shown as its kind asks: rendered Markdown, highlighted code, plain text. */
function TextBody({ text, choice }: { text: string; choice: TextChoice }) {
  const { t } = useTranslation();
  if (choice.kind === 'html') return <HtmlPreview html={text} />;
  if (choice.kind === 'markdown') return <MarkdownView source={text} />;
  if (choice.kind === 'text') return <MarkdownView source={text} plainText />;
  if (text.length > HIGHLIGHT_MAX_CHARS) {
    return (
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {t('file.preview.notHighlighted')}
        </Text>
        <MarkdownView source={text} plainText />
      </Stack>
    );
  }
  return <MarkdownView source={fencedSource(text, choice.language)} />;
}

/**
 * Text-like previews: the file is fetched once for this view (a counted read) and kept, so
 * switching between an HTML file's tabs or re-rendering never fetches it again.
 */
export function TextPreview({ url, choice }: { url: string; choice: TextChoice }) {
  const { state, retry } = useOnceValue(() => fetchPreviewTextOnce(url));
  let body;
  if (state.status === 'loading') body = <TextSkeleton />;
  else if (state.status === 'failed') body = <PreviewFailed error={state.error} onRetry={retry} />;
  else {
    body = (
      <div className={choice.kind === 'html' ? undefined : classes.textBody}>
        <Suspense fallback={<TextSkeleton />}>
          <TextBody text={state.value} choice={choice} />
        </Suspense>
      </div>
    );
  }
  return <PreviewFrame kind={choice.kind}>{body}</PreviewFrame>;
}
