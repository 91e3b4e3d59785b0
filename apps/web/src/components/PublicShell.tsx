import { AppShell, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { PlainNavBar } from './PlainNavBar';

/** The common shell of the site: the top bar and the page below it. */
export function PublicShell() {
  return (
    <AppShell header={{ height: 64 }} padding="md">
      <a href="#main" className="skip-link">
        Aller au contenu
      </a>
      <AppShell.Header>
        <PlainNavBar />
      </AppShell.Header>
      <AppShell.Main id="main">
        <Container size="lg" px={0}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}

/** The same pages without the shell, for embedding in another site (/embed/<page>). */
export function EmbedShell() {
  return (
    <main id="main">
      <Container size="lg" py="md">
        <Outlet />
      </Container>
    </main>
  );
}
