import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// Mantine's base styles and those of the small components used everywhere, in the order Mantine
// requires (Text before Anchor, Paper before Card…). Larger components (Table, Drawer, notifications)
// bring their own styles with the code that uses them.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/CloseButton.css';
import '@fontsource/amiri/400.css';
import '@fontsource/amiri/700.css';
import './app/global.css';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { seedContent } from './features/learning/content-api';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A prerendered page carries the content it was rendered with (a JSON data block, not a script).
const prerendered = document.getElementById('prerendered-content');
if (prerendered?.textContent) {
  for (const [file, data] of Object.entries(JSON.parse(prerendered.textContent) as Record<string, unknown>)) {
    seedContent(file, data);
  }
}

const app = (
  <StrictMode>
    <App router={await createAppRouter()} />
  </StrictMode>
);
if (prerendered) hydrateRoot(root, app);
else createRoot(root).render(app);
