import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test by itself only where vitest's globals are on.
afterEach(cleanup);
