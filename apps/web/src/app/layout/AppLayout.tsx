import { Container } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatch } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { PwaPromptsSlot, useOfflineToast } from '../../pwa';
import { EnvSwitcher } from '../env-switcher/EnvSwitcher';
import classes from './AppLayout.module.css';
import { Footer } from './Footer';
import { Header } from './Header';

const MAIN_ID = 'main-content';

/**
 * The frame around every route: skip link, header, the routed page, footer. The admin area
 * takes the whole width (its tables need it); other pages keep a readable measure.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const wide = useMatch('/admin/*') !== null;
  useOfflineToast();
  return (
    <div className={classes.shell}>
      <a href={`#${MAIN_ID}`} className={classes.skipLink}>
        {t('layout.skipToContent')}
      </a>
      <Header />
      <EnvSwitcher />
      <Container
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        size="lg"
        fluid={wide}
        className={classes.main}
      >
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
      <Footer />
      <PwaPromptsSlot />
    </div>
  );
}
