import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useDocumentTitle } from '../../../components/PageTitle';
import { FileDocument } from '../components/FileDocument';
import { FileHeading } from '../components/FileHeading';
import { FilePasswordPrompt } from '../components/FilePasswordPrompt';
import { FileProblemView } from '../components/FileProblemView';
import { FileSkeleton } from '../components/FileSkeleton';
import { useFileVisit } from '../view/use-file-visit';
import { continuedVisit } from '../view/visit-key';

/**
 * A shared file and its preview (SPEC §2 /file/:slug). A new slug is a new visit with fresh
 * state, unless the page moved there by renaming the file it shows.
 */
export function FilePage() {
  const { slug = '' } = useParams();
  const location = useLocation();
  const visitKey = continuedVisit(location.state as unknown) ?? slug;
  return <FileVisitScreen key={visitKey} slug={slug} visitKey={visitKey} />;
}

function FileVisitScreen({ slug, visitKey }: { slug: string; visitKey: string }) {
  const { t } = useTranslation();
  const { visit, retry, unlocked, failed, saved } = useFileVisit(slug);
  useDocumentTitle(visit.status === 'open' ? visit.file.filename : t('file.title'));

  if (visit.status === 'open') {
    return (
      <FileDocument
        file={visit.file}
        token={visit.token}
        visitKey={visitKey}
        onSaved={saved}
        offlineSavedAt={visit.offlineSavedAt}
      />
    );
  }
  if (visit.status === 'failed') return <FileProblemView error={visit.error} onRetry={retry} />;
  if (visit.status === 'locked') {
    return (
      <Stack gap="lg">
        <FileHeading name={slug} />
        <FilePasswordPrompt slug={slug} onUnlocked={unlocked} onGone={failed} />
      </Stack>
    );
  }
  return <FileSkeleton />;
}
