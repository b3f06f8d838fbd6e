import { Container } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import classes from './AppLayout.module.css';
import { Footer } from './Footer';
import { Header } from './Header';

const MAIN_ID = 'main-content';

/** The frame around every route: skip link, header, the routed page, footer. */
export function AppLayout() {
  const { t } = useTranslation();
  return (
    <div className={classes.shell}>
      <a href={`#${MAIN_ID}`} className={classes.skipLink}>
        {t('layout.skipToContent')}
      </a>
      <Header />
      <Container component="main" id={MAIN_ID} tabIndex={-1} size="lg" className={classes.main}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
      <Footer />
    </div>
  );
}
