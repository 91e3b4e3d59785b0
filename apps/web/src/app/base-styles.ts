/**
 * The styles every page has: the app's (main.tsx) and, in `npm run dev`, those of the pages drawn with islands,
 * which the build puts inline instead (vite.config.ts).
 */
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
// After them: the faces cut down to the site's own Arabic characters, which the browser then prefers.
import '../fonts/generated/amiri-site.css';
import './global.css';
