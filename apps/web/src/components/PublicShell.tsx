import { Anchor, AppShell, Container, Group, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router';
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
        {/* At least a screen high, so the footer never jumps down when the page's content arrives. */}
        <Container size="lg" px={0} mih="calc(100dvh - 64px - 2 * var(--mantine-spacing-md))">
          <Outlet />
        </Container>
        <footer>
          <Container
            size="lg"
            px={0}
            mt={64}
            pt="md"
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Group justify="space-between">
              <Text size="sm" c="gray.7">
                Coran &amp; Hadith — textes cités exactement, avec leurs sources.
              </Text>
              <Anchor component={Link} to="/sources" size="sm">
                Sources et licences
              </Anchor>
            </Group>
          </Container>
        </footer>
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
