// `node scripts/pnpm.mjs <args>`: run the pinned pnpm without a global install.
import { checkNode, pnpm } from './lib.mjs';

checkNode();
pnpm(process.argv.slice(2));
