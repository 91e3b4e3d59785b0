import { Burger, Drawer, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, NavLink } from 'react-router';
import classes from './PlainNavBar.module.css';

/** The learning site's pages, in the order of the top bar. */
export const LEARNING_LINKS = [
  { to: '/coran', label: 'Coran' },
  { to: '/hadith', label: 'Hadith' },
  { to: '/invocations', label: 'Invocations' },
  { to: '/attributes', label: "Noms d'Allah" },
  { to: '/histoire', label: 'Histoire' },
  { to: '/prophets', label: 'Prophètes' },
  { to: '/coursarabe', label: "Cours d'arabe" },
] as const;

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      {LEARNING_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} className={classes.link} onClick={onNavigate}>
          {link.label}
        </NavLink>
      ))}
      <NavLink to="/login" className={classes.login} onClick={onNavigate}>
        Se connecter
      </NavLink>
    </>
  );
}

/** The top bar for visitors (SPEC §2.1): brand, the learning pages and 'Se connecter'. */
export function PlainNavBar() {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <UnstyledButton component={Link} to="/" className={classes.brand}>
        <Text span fw={700} size="lg">
          Coran &amp; Hadith
        </Text>
      </UnstyledButton>
      <nav aria-label="Navigation principale" className={classes.desktop}>
        <NavLinks />
      </nav>
      <Burger
        opened={opened}
        onClick={toggle}
        hiddenFrom="md"
        aria-label={opened ? 'Fermer le menu' : 'Ouvrir le menu'}
        aria-expanded={opened}
      />
      <Drawer opened={opened} onClose={close} title="Menu" position="right" size="xs" hiddenFrom="md">
        <nav aria-label="Navigation principale (mobile)">
          <Stack gap="xs">
            <NavLinks onNavigate={close} />
          </Stack>
        </nav>
      </Drawer>
    </Group>
  );
}
