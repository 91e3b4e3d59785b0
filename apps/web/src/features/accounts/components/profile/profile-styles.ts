// The styles of the components the profile screen adds to those of every page (main.tsx) and of the
// account screens, in the order Mantine requires (Overlay and ModalBase before Modal, InlineInput before
// Switch and Checkbox, Popover before Combobox). They load with the profile and team screens only.
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';
