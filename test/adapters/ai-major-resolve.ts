// Setup of the per-major AI SDK test projects: Node itself resolves `ai` to the project's npm alias.
import { registerHooks } from 'node:module';

/**
 * src/adapters/ai.ts loads `ai` through Node (`import.meta.resolve` and `require`), which Vite's
 * alias does not reach: this resolve hook sends `ai` and `ai/*` to `ai-v<AI_MAJOR>` for Node too,
 * so the adapter and the test's own `import ... from 'ai'` get the same major, the same instance.
 */
const major = process.env.AI_MAJOR;
if (!major) throw new Error('AI_MAJOR is not set: this setup file belongs to the ai-v5/6/7 projects of vitest.config.ts');
registerHooks({
  resolve(specifier, context, next) {
    const ai = /^ai(\/.*)?$/.exec(specifier);
    return next(ai ? `ai-v${major}${ai[1] ?? ''}` : specifier, context);
  },
});
