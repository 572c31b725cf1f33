// `npm run soak [-- --quick] [-- --seed N] [-- --only fuzz,mcp,load,kill,scripts,sandbox,auth]`:
// loads tsx, then runs the TypeScript runner. Build first (`npm run build`): the soak drives dist/.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
