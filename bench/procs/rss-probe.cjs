// Preloaded (`node --require`) into every static subject: on exit, writes the process's peak
// resident set size in bytes (process.resourceUsage().maxRSS is in KiB) to the file named by
// AGENT_TOOLS_BENCH_RSS_FILE. A few lines of CommonJS, so the preload costs next to nothing.
const file = process.env.AGENT_TOOLS_BENCH_RSS_FILE;
if (file) process.on('exit', () => require('node:fs').writeFileSync(file, String(process.resourceUsage().maxRSS * 1024)));
