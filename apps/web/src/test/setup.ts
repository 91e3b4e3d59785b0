import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// Tells React that updates happen inside act(), as Testing Library does when test globals are on.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => cleanup());
