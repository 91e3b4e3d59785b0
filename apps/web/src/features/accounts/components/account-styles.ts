// The styles of the components the account screens add to those every page has (main.tsx), in the order
// Mantine requires. They load with the account code only.
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/PasswordInput.css';
