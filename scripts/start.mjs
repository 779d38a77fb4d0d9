// `npm start`: install, build, then run the whole product (database, API, admin) in the foreground.
import { prepare } from './lib.mjs';

prepare();
await import('./launch.mjs');
