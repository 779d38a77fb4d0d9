import { join } from 'node:path';

/** The monorepo root (this file runs from packages/testing/dist). */
export const REPO_ROOT = join(__dirname, '..', '..', '..');
