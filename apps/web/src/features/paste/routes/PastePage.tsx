import { Stack } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../components/PageTitle';
import type { MarkdownHeading } from '../../markdown';
import { PasswordPrompt } from '../components/PasswordPrompt';
import { PasteDocument } from '../components/PasteDocument';
import { PasteHeading } from '../components/PasteHeading';
import { PasteProblemView } from '../components/PasteProblemView';
import { PasteSkeleton } from '../components/PasteSkeleton';
import { sameHeadings } from '../view/headings';
import { usePasteVisit } from '../view/use-paste-visit';

/** A shared paste (SPEC §2 /paste/:slug); a new slug is a new visit with fresh state. */
export function PastePage() {
  const { slug = '' } = useParams();
  return <PasteVisitScreen key={slug} slug={slug} />;
}

function PasteVisitScreen({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const { visit, retry, unlocked, failed, saved } = usePasteVisit(slug);
  const [headings, setHeadings] = useState<MarkdownHeading[]>([]);
  // The renderer reports after every render; an unchanged outline must not re-render the page.
  const onHeadings = useCallback(
    (next: MarkdownHeading[]) =>
      setHeadings((current) => (sameHeadings(current, next) ? current : next)),
    [],
  );
  const shownSlug = visit.status === 'open' ? visit.paste.slug : slug;
  const documentTitle = headings[0]?.text.trim() || shownSlug;
  useDocumentTitle(visit.status === 'open' ? documentTitle : t('paste.title'));

  if (visit.status === 'open') {
    return (
      <PasteDocument
        paste={visit.paste}
        password={visit.password}
        title={documentTitle}
        headings={headings}
        onHeadings={onHeadings}
        onSaved={saved}
        offlineSavedAt={visit.offlineSavedAt}
      />
    );
  }
  if (visit.status === 'failed') return <PasteProblemView error={visit.error} onRetry={retry} />;
  return (
    <Stack gap="lg">
      <PasteHeading slug={slug} />
      {visit.status === 'locked' ? (
        <PasswordPrompt slug={slug} onUnlocked={unlocked} onGone={failed} />
      ) : (
        <PasteSkeleton />
      )}
    </Stack>
  );
}
