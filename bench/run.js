// `npm run bench [-- --quick] [-- --only <case>]`: loads tsx, then runs the TypeScript runner.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
